import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { estimatePromptTokens } from '../../../core/agent/session/token-estimate.js';
import { trimForPrompt } from '../../../core/agent/session/trim-for-prompt.js';
import type { LLMMessage } from '../../../core/llm/types.js';

const system: LLMMessage = { role: 'system', content: 'You are the assistant.' };
const user = (content: string): LLMMessage => ({ role: 'user', content });
const call = (...ids: string[]): LLMMessage => ({
  role: 'assistant',
  content: '',
  toolCalls: ids.map((id) => ({ id, name: 'click', arguments: { id } })),
});
const result = (id: string, content = 'ok'): LLMMessage => ({ role: 'tool', toolCallId: id, content });

test('without limits the messages come back unchanged, in a new array', () => {
  const messages = [system, user('a'), call('c1'), result('c1')];
  const trimmed = trimForPrompt(messages);
  assert.deepEqual(trimmed, messages);
  assert.notEqual(trimmed, messages);
  assert.equal(trimForPrompt(messages, { maxTurnsInPrompt: 10, maxPromptTokens: 10_000 }).length, 4);
});

test('maxTurnsInPrompt keeps the newest turns, the system message and the latest user message', () => {
  const messages = [system, user('first'), call('c1'), result('c1'), { role: 'assistant', content: 'done' } as LLMMessage, user('second'), call('c2', 'c3'), result('c2'), result('c3'), user('latest')];
  assert.deepEqual(trimForPrompt(messages, { maxTurnsInPrompt: 2 }), [system, user('second'), call('c2', 'c3'), result('c2'), result('c3'), user('latest')]);
  assert.deepEqual(trimForPrompt(messages, { maxTurnsInPrompt: 1 }), [system, call('c2', 'c3'), result('c2'), result('c3'), user('latest')]);
  assert.deepEqual(trimForPrompt(messages, { maxTurnsInPrompt: 0 }), [system, user('latest')]);
});

test('a tool call and its results are dropped together', () => {
  const round = [call('c1', 'c2'), result('c1', 'x'.repeat(400)), result('c2', 'y'.repeat(400))];
  const messages = [system, ...round, user('next'), user('latest')];
  // Room for the call and its first result, but not the second: the whole round goes.
  const budget = estimatePromptTokens([system, round[0]!, round[1]!, user('next'), user('latest')]);
  assert.deepEqual(trimForPrompt(messages, { maxPromptTokens: budget }), [system, user('next'), user('latest')]);
});

test('the latest user message stays even when it alone is over budget', () => {
  const big = user('z'.repeat(10_000));
  const messages = [system, user('old'), call('c1'), result('c1'), big];
  assert.deepEqual(trimForPrompt(messages, { maxPromptTokens: 10 }), [system, big]);
});

test('turns after the latest user message are trimmed oldest first too', () => {
  const messages = [system, user('task'), call('c1'), result('c1'), call('c2'), result('c2')];
  assert.deepEqual(trimForPrompt(messages, { maxTurnsInPrompt: 1 }), [system, user('task'), call('c2'), result('c2')]);
});

test('limits that are not numbers are refused with the field name', () => {
  assert.throws(() => trimForPrompt([], { maxTurnsInPrompt: -1 }), /maxTurnsInPrompt/);
  assert.throws(() => trimForPrompt([], { maxPromptTokens: Number.NaN }), /maxPromptTokens/);
});

/** A valid conversation: system messages first, then user messages, plain replies and tool rounds. */
const conversation = fc
  .record({
    systems: fc.integer({ min: 0, max: 2 }),
    blocks: fc.array(
      fc.oneof(
        fc.record({ kind: fc.constant('user' as const), size: fc.nat(300) }),
        fc.record({ kind: fc.constant('reply' as const), size: fc.nat(300) }),
        fc.record({ kind: fc.constant('tools' as const), calls: fc.integer({ min: 1, max: 3 }), size: fc.nat(600) }),
      ),
      { maxLength: 25 },
    ),
  })
  .map(({ systems, blocks }) => {
    const messages: LLMMessage[] = [];
    for (let i = 0; i < systems; i += 1) messages.push({ role: 'system', content: `rules ${i}` });
    let next = 0;
    for (const block of blocks) {
      if (block.kind === 'user') messages.push(user(`u${next++} ${'w'.repeat(block.size)}`));
      else if (block.kind === 'reply') messages.push({ role: 'assistant', content: `r${next++} ${'v'.repeat(block.size)}` });
      else {
        const ids = Array.from({ length: block.calls }, () => `c${next++}`);
        messages.push(call(...ids));
        for (const id of ids) messages.push(result(id, 'x'.repeat(block.size)));
      }
    }
    return messages;
  });

const limits = fc.record(
  { maxTurnsInPrompt: fc.integer({ min: 0, max: 30 }), maxPromptTokens: fc.integer({ min: 0, max: 3000 }) },
  { requiredKeys: [] },
);

test('property: trimming keeps system and latest user, never leaves a dangling call or result, drops oldest first', () => {
  fc.assert(
    fc.property(conversation, limits, (messages, options) => {
      const trimmed = trimForPrompt(messages, options);

      // A subsequence of the input, in order (compared by identity).
      let cursor = 0;
      for (const message of trimmed) {
        cursor = messages.indexOf(message, cursor);
        assert.ok(cursor >= 0, 'every kept message comes from the input, in order');
        cursor += 1;
      }

      for (const message of messages.filter((m) => m.role === 'system')) assert.ok(trimmed.includes(message), 'system kept');
      const latestUser = messages.findLast((m) => m.role === 'user');
      if (latestUser) assert.ok(trimmed.includes(latestUser), 'latest user kept');

      // Pairing: each call's results follow it directly; each result has its call.
      for (let i = 0; i < trimmed.length; i += 1) {
        const message = trimmed[i]!;
        if (message.role === 'assistant' && message.toolCalls?.length) {
          const ids = message.toolCalls.map((c) => c.id);
          const following = trimmed.slice(i + 1, i + 1 + ids.length);
          assert.deepEqual(following.map((m) => m.role === 'tool' && m.toolCallId), ids, 'a call keeps its results');
        }
        if (message.role === 'tool') {
          const owner = trimmed.slice(0, i).findLast((m) => m.role !== 'tool');
          assert.ok(owner?.role === 'assistant' && owner.toolCalls?.some((c) => c.id === message.toolCallId), 'a result keeps its call');
        }
      }

      // Oldest first: the kept droppable messages are a suffix of the droppable ones.
      const droppable = messages.filter((m) => m.role !== 'system' && m !== latestUser);
      const keptDroppable = trimmed.filter((m) => m.role !== 'system' && m !== latestUser);
      assert.deepEqual(keptDroppable, droppable.slice(droppable.length - keptDroppable.length));

      // The limits hold, unless only what must stay is left.
      const turns = keptDroppable.filter((m) => m.role !== 'tool').length;
      if (options.maxTurnsInPrompt !== undefined) assert.ok(turns <= options.maxTurnsInPrompt);
      if (options.maxPromptTokens !== undefined && turns > 0) assert.ok(estimatePromptTokens(trimmed) <= options.maxPromptTokens);

      // Nothing was dropped that did not have to be: putting back the newest dropped turn breaks a limit.
      const dropped = droppable.length - keptDroppable.length;
      if (dropped > 0) {
        let start = droppable.length - keptDroppable.length - 1;
        while (start > 0 && droppable[start]!.role === 'tool') start -= 1;
        const restored = messages.filter((m) => trimmed.includes(m) || droppable.slice(start).includes(m));
        const restoredTurns = turns + 1;
        const overTurns = options.maxTurnsInPrompt !== undefined && restoredTurns > options.maxTurnsInPrompt;
        const overTokens = options.maxPromptTokens !== undefined && estimatePromptTokens(restored) > options.maxPromptTokens;
        assert.ok(overTurns || overTokens, 'the newest dropped turn could not have stayed');
      }
    }),
    { numRuns: 300 },
  );
});
