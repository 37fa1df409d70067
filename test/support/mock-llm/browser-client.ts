import type { MockResponse, RecordedRequest } from './types.js';

export type * from './types.js';

export interface MockLLMClient {
  /** `http://127.0.0.1:PORT`. */
  url: string;
  openAIBaseURL(id: string): string;
  anthropicBaseURL(id: string): string;
  script(id: string, responses: MockResponse[]): Promise<void>;
  requests(id: string): Promise<RecordedRequest[]>;
}

/** Finds the mock LLM server started by `mockLLMPlugin()` and drives it over its control API. */
export async function mockLLM(): Promise<MockLLMClient> {
  const found = await fetch('/__dddk/mock-llm');
  if (!found.ok) throw new Error(`mock-llm: GET /__dddk/mock-llm answered ${found.status}; is mockLLMPlugin() in web-test-runner.config.mjs?`);
  const { url } = (await found.json()) as { url: string };
  return {
    url,
    openAIBaseURL: (id) => `${url}/s/${encodeURIComponent(id)}/v1`,
    anthropicBaseURL: (id) => `${url}/s/${encodeURIComponent(id)}`,
    async script(id, responses) {
      const answer = await fetch(`${url}/__control/script`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ id, responses }),
      });
      if (!answer.ok) throw new Error(`mock-llm: scripting "${id}" failed with HTTP ${answer.status}: ${await answer.text()}`);
    },
    async requests(id) {
      const answer = await fetch(`${url}/__control/requests/${encodeURIComponent(id)}`);
      return (await answer.json()) as RecordedRequest[];
    },
  };
}
