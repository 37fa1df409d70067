import { startMockLLM, type MockLLM } from './server.js';

/** The slice of a @web/dev-server plugin this one uses. */
export interface MockLLMPlugin {
  name: string;
  serverStart(): Promise<void>;
  serverStop(): Promise<void>;
  serve(context: { path: string }): { body: string; type: string } | undefined;
}

export const MOCK_LLM_DISCOVERY_PATH = '/__dddk/mock-llm';

/**
 * Runs the mock LLM server for the length of a web-test-runner run and tells the test pages where it is:
 * `GET /__dddk/mock-llm` on the test server answers `{ "url": "http://127.0.0.1:PORT" }`.
 */
export function mockLLMPlugin(): MockLLMPlugin {
  let mock: MockLLM | undefined;
  return {
    name: 'dddk-mock-llm',
    async serverStart() {
      mock = await startMockLLM();
    },
    async serverStop() {
      await mock?.close();
      mock = undefined;
    },
    serve(context) {
      if (context.path !== MOCK_LLM_DISCOVERY_PATH) return undefined;
      if (!mock) return { body: JSON.stringify({ error: 'mock-llm is not running' }), type: 'json' };
      return { body: JSON.stringify({ url: mock.url }), type: 'json' };
    },
  };
}
