import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createLLMRouter, isLLMProvider, isLLMRouter, LLM_ROUTER_ROLES, openAICompatible, resolveLLM, type LLMProvider, type LLMRouter } from '../../../core/llm/index.js';

function fake(name: string): LLMProvider {
  return {
    name,
    complete: async () => {
      throw new Error('not called');
    },
    stream: () => ({
      [Symbol.asyncIterator]: () => ({ next: async () => ({ done: true, value: undefined }) }),
    }),
  };
}

const main = fake('main');
const vision = fake('vision');
const utility = fake('utility');

describe('isLLMProvider / isLLMRouter', () => {
  it('recognises providers by name, complete() and stream()', () => {
    assert.equal(isLLMProvider(main), true);
    assert.equal(isLLMProvider(openAICompatible({ baseURL: '/v1', model: 'm' })), true);
    assert.equal(isLLMProvider({ name: 'x', complete() {} }), false);
    assert.equal(isLLMProvider({ complete() {}, stream() {} }), false);
    assert.equal(isLLMProvider(null), false);
    assert.equal(isLLMProvider('openai'), false);
  });

  it('recognises routers by their webagent provider', () => {
    assert.equal(isLLMRouter({ webagent: main }), true);
    assert.equal(isLLMRouter({ vision }), false);
    assert.equal(isLLMRouter(main), false);
  });
});

describe('resolveLLM', () => {
  it('a lone provider serves every role', () => {
    for (const role of LLM_ROUTER_ROLES) assert.equal(resolveLLM(main, role), main);
  });

  it('a router gives each role its provider and falls back to webagent', () => {
    const router: LLMRouter = { webagent: main, vision, utility };
    assert.equal(resolveLLM(router), main);
    assert.equal(resolveLLM(router, 'webagent'), main);
    assert.equal(resolveLLM(router, 'vision'), vision);
    assert.equal(resolveLLM(router, 'utility'), utility);
    assert.equal(resolveLLM(router, 'plan'), main);
    assert.equal(resolveLLM(router, 'task'), main);
  });

  it('a router role set to undefined falls back too', () => {
    assert.equal(resolveLLM({ webagent: main, plan: undefined }, 'plan'), main);
  });

  it('refuses what is neither a provider nor a router, naming the config field', () => {
    assert.throws(() => resolveLLM(undefined as never), /`llm` must be an LLM provider or a router/);
    assert.throws(() => resolveLLM('gpt-4o' as never, 'webagent', 'config.llm'), /`config\.llm` must be an LLM provider or a router.*the string "gpt-4o"/);
    assert.throws(() => resolveLLM({ vision } as never, 'vision'), /`llm\.webagent` is required/);
    assert.throws(() => resolveLLM({ webagent: main, vision: 'gpt-4o' } as never, 'vision'), /`llm\.vision` must be an LLM provider/);
    assert.throws(() => resolveLLM({ webagent: main }, 'inline' as never), /unknown role "inline"/);
  });
});

describe('createLLMRouter', () => {
  it('returns a frozen copy of a valid router', () => {
    const input = { webagent: main, vision };
    const router = createLLMRouter(input);
    assert.notEqual(router, input);
    assert.deepEqual({ ...router }, input);
    assert.ok(Object.isFrozen(router));
  });

  it('requires webagent and refuses unknown roles and non-providers, naming the field', () => {
    assert.throws(() => createLLMRouter({} as never), /`llm\.webagent` is required/);
    assert.throws(() => createLLMRouter({ webagent: undefined } as never), /`llm\.webagent` must be an LLM provider/);
    assert.throws(() => createLLMRouter({ webagent: main, inline: utility } as never), /`llm\.inline` is not a role; the roles are webagent, vision, utility, plan, task/);
    assert.throws(() => createLLMRouter({ webagent: main, task: { name: 't' } } as never, 'agent.llm'), /`agent\.llm\.task` must be an LLM provider.*an object with name/);
    assert.throws(() => createLLMRouter(main as never), /must be a router object.*the provider main/);
  });
});
