import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { LLMProvider } from '../../../core/llm/index.js';
import { LoopError, runLoop, validateArguments, type LoopOptions } from '../../../core/loop/index.js';
import { drain, finalOf, recordingTool, simplePrompt } from './loop-support.js';

/** A provider that must never be called: these runs fail before any model call. */
const unreachable: LLMProvider = {
  name: 'unreachable',
  complete: () => Promise.reject(new Error('no call expected')),
  stream: () => {
    throw new Error('no call expected');
  },
};
const base: LoopOptions = { llm: unreachable, tools: [], prepareTurn: simplePrompt() };

describe('runLoop options', () => {
  it('refuses unusable options at once, naming the field', () => {
    const cases: [Partial<LoopOptions> & Record<string, unknown>, RegExp][] = [
      [{ llm: {} as LLMProvider }, /`llm` must be an LLMProvider/],
      [{ mode: 'chat' as never }, /`mode` must be "envelope" or "classic"; got the string "chat"/],
      [{ tools: 'click' as never }, /`tools` must be an array of tools or a function/],
      [{ prepareTurn: undefined as never }, /`prepareTurn` must be a function/],
      [{ maxSteps: 0 }, /`maxSteps` must be a positive integer/],
      [{ maxErrors: 1.5 }, /`maxErrors` must be a positive integer/],
      [{ llmTimeoutMs: -1 }, /`llmTimeoutMs` must be a positive number of milliseconds/],
      [{ toolTimeoutMs: Number.NaN }, /`toolTimeoutMs` must be a positive number/],
      [{ retryDelayMs: -5 }, /`retryDelayMs` must be a non-negative number/],
      [{ effects: { policy: { destructivePatterns: ['delete'] as never } } }, /`effects\.policy`\.destructivePatterns must be an array of RegExp/],
      [{ effects: { assess: 'page' as never } }, /`effects\.assess` must be a function/],
      [{ effects: { policy: { classes: { teleport: 'allow' } as never } } }, /classes\.teleport is not an effect class; the classes are activate, submit/],
      [{ pace: 'fast' as never }, /`pace` must be "self" or "visitor"/],
      [{ reminder: 'x' as never }, /`reminder` must be a function/],
    ];
    for (const [override, message] of cases) assert.throws(() => runLoop({ ...base, ...override }), message);
  });

  it('ends with an error naming the tool when the tools are unusable', { timeout: 2_000 }, async () => {
    const cases: [LoopOptions['tools'], RegExp][] = [
      [[recordingTool('click'), recordingTool('click')], /two tools are named "click"/],
      [[recordingTool('click me')], /`name` must be 1–64 letters/],
      [[recordingTool('agent_turn')], /"agent_turn" is the envelope's own tool/],
      [() => 'nope' as never, /the `tools` function must return an array/],
    ];
    for (const [tools, message] of cases) {
      const final = finalOf(await drain(runLoop({ ...base, tools })));
      assert.equal(final.reason, 'error');
      assert.ok(final.error instanceof LoopError && final.error.code === 'invalid_config');
      assert.match(final.error.message, message);
    }
  });

  it('ends with an error when prepareTurn returns no messages, or throws', { timeout: 2_000 }, async () => {
    const empty = finalOf(await drain(runLoop({ ...base, prepareTurn: () => ({}) as never })));
    assert.match(empty.error?.message ?? '', /`prepareTurn` must return \{ messages/);
    const thrown = finalOf(await drain(runLoop({ ...base, prepareTurn: () => Promise.reject(new Error('page unreadable')) })));
    assert.equal(thrown.reason, 'error');
    assert.equal(thrown.error?.message, 'page unreadable');
  });

  it('stops before anything starts when the signal is already aborted', { timeout: 2_000 }, async () => {
    const controller = new AbortController();
    controller.abort();
    const events = await drain(runLoop({ ...base, signal: controller.signal }));
    assert.deepEqual(events.map((event) => event.type), ['final']);
    assert.equal(finalOf(events).reason, 'stopped');
  });
});

describe('validateArguments', () => {
  const schema = {
    type: 'object',
    properties: {
      index: { type: 'integer', minimum: 0 },
      text: { type: 'string', maxLength: 5 },
      mode: { enum: ['fast', 'slow'] },
      tags: { type: 'array', items: { type: 'string' } },
      target: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
    },
    required: ['index'],
    additionalProperties: false,
  };

  it('accepts arguments that fit', () => {
    assert.deepEqual(validateArguments({ index: 2, text: 'hey', mode: 'fast', tags: ['a'], target: 3 }, schema), []);
    assert.deepEqual(validateArguments({ index: 0, target: 'e1' }, schema), []);
  });

  it('names each problem with its path, for the model', () => {
    assert.deepEqual(validateArguments({ index: 1.5 }, schema), ['args.index must be an integer; got number 1.5']);
    assert.deepEqual(validateArguments({}, schema), ['args.index is required']);
    assert.deepEqual(validateArguments({ index: -1 }, schema), ['args.index must be at least 0; got -1']);
    assert.deepEqual(validateArguments({ index: 1, text: 'too long' }, schema), ['args.text must have at most 5 characters; got 8']);
    assert.deepEqual(validateArguments({ index: 1, mode: 'medium' }, schema), ['args.mode must be one of "fast", "slow"; got the string "medium"']);
    assert.deepEqual(validateArguments({ index: 1, tags: ['a', 2] }, schema), ['args.tags[1] must be a string; got number 2']);
    assert.deepEqual(validateArguments({ index: 1, target: true }, schema), ['args.target matches none of the allowed forms; got boolean true']);
    assert.deepEqual(validateArguments({ index: 1, colour: 'red' }, schema), ['args.colour is not a known argument (known: index, text, mode, tags, target)']);
  });

  it('ignores keywords it does not know and a pattern that does not compile', () => {
    assert.deepEqual(validateArguments({ a: 'x' }, { type: 'object', properties: { a: { type: 'string', format: 'email', pattern: '(' } } }), []);
  });
});
