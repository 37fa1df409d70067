import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { CompleteOptions, TurnFacts } from '../../../core/llm/index.js';
import { startMockLLM, type MockLLM } from '../../support/mock-llm/server.js';
import { BOUND, CLICK_TOOL, WIRES, drain, providerFor, scenarioId } from './support.js';

let mock: MockLLM;
before(async () => {
  mock = await startMockLLM();
});
after(() => mock.close());

/** Facts whose every value carries a mark that must not reach the wire. */
const FACTS: TurnFacts = {
  request: 'turn-fact-request',
  locale: 'turn-fact-locale',
  url: '/turn-fact-url',
  title: 'turn-fact-title',
  pageLines: ['turn-fact-page-line'],
  sitemap: [{ path: '/turn-fact-page', title: 'turn-fact-sitemap', also: ['turn-fact-alias'] }],
  priorTurns: [{ tools: ['turn-fact-tool'], navigatedTo: '/turn-fact-path', failure: { tool: 'navigate', code: 'turn-fact-code' } }],
};

describe('turn facts never go on the wire', () => {
  for (const wire of WIRES) {
    it(`${wire}: the request body holds the messages, not the facts`, BOUND, async () => {
      const id = scenarioId(`turn-facts-${wire}`);
      mock.script(id, [{ text: 'ok' }]);
      const call: CompleteOptions = { messages: [{ role: 'user', content: 'hello' }], tools: [CLICK_TOOL], turn: FACTS };
      const { error } = await drain(providerFor(mock, wire, id).stream(call));
      assert.equal(error, undefined);
      const [request] = mock.requests(id);
      assert.ok(request);
      const body = JSON.stringify(request.body);
      assert.match(body, /hello/);
      assert.doesNotMatch(body, /turn-fact/);
      assert.ok(!('turn' in request.body));
    });
  }
});
