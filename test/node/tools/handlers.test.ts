// A handler that throws, rejects, hangs past its time limit or returns something unreadable becomes a
// failed or bounded result the model reads, and the run goes on; the host hears of unreadable results.
import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { readToolOutput, TOOL_OUTPUT_LIMIT } from '../../../core/tools/tool-output.js';
import { bounded } from '../../../core/util/bounded.js';
import type { HostTool } from '../../../core/tools/tools.types.js';
import { BOUND, destroyAll, toolReply, toolsController } from './support.js';

afterEach(destroyAll);

function tool(name: string, handler: HostTool['handler'], extra: Partial<HostTool> = {}): HostTool {
  return { name, description: `The ${name} tool.`, parameters: { type: 'object' }, handler, ...extra };
}

/** The block of one action in a turn's reply: from its label to the next action's. */
function blockOf(reply: string, index: number): string {
  const start = reply.indexOf(`actions[${index}]`);
  const next = reply.indexOf(`actions[${index + 1}]`);
  assert.ok(start >= 0, `no actions[${index}] in the reply`);
  return reply.slice(start, next < 0 ? undefined : next);
}

describe('running a host tool', () => {
  it('throwing, rejecting, hanging and unreadable handlers each give the model a result, and the run goes on', BOUND, async () => {
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic.self = cyclic;
    let hungSignal: AbortSignal | undefined;
    const names = ['fails_at_once', 'fails_later', 'hangs', 'says_nothing', 'gives_function', 'gives_cycle', 'gives_bigint', 'gives_book', 'gives_record'];
    const { dddk, model } = toolsController([names.map((name) => ({ tool: name })), [{ tool: 'narrate', args: { text: 'Still here.' } }], []]);
    const errors: Array<{ source: string; error: unknown }> = [];
    dddk.on('error', (event) => errors.push(event));
    const register = (one: HostTool) => dddk.tools.register(one);
    register(tool('fails_at_once', () => {
      throw new Error('out of stock');
    }));
    register(tool('fails_later', () => Promise.reject('the warehouse did not answer')));
    register(tool('hangs', (_args, ctx) => ((hungSignal = ctx.signal), new Promise(() => undefined)), { timeoutMs: 40 }));
    register(tool('says_nothing', () => undefined));
    register(tool('gives_function', () => () => 'hello'));
    register(tool('gives_cycle', () => cyclic));
    register(tool('gives_bigint', () => ({ total: 10n })));
    register(tool('gives_book', () => 'word '.repeat(10_000)));
    register(tool('gives_record', () => ({ when: new Date(0), items: [1, 2] })));

    const outcome = await dddk.startAgent('Try everything').done;
    assert.equal(outcome.reason, 'done');
    assert.equal(model.requests.length, 3, 'the run went on to its next turns');
    const reply = toolReply(model, 1);
    assert.match(blockOf(reply, 0), /\(fails_at_once\) failed \(unknown\)\.[\s\S]*The tool failed: out of stock/);
    assert.match(blockOf(reply, 1), /\(fails_later\) failed \(unknown\)\.[\s\S]*The tool failed: the warehouse did not answer/);
    assert.match(blockOf(reply, 2), /\(hangs\) failed \(timeout\)\. It did not finish within 40 ms and was stopped\./);
    assert.equal(hungSignal?.aborted, true, 'the handler was told to stop');
    assert.match(blockOf(reply, 3), /\(says_nothing\) succeeded\./);
    assert.doesNotMatch(blockOf(reply, 3), /untrusted-text/);
    for (const index of [4, 5, 6]) assert.match(blockOf(reply, index), /failed \(unknown\)\.[\s\S]*The tool ran, but what it returned cannot be read\./);
    const book = blockOf(reply, 7);
    assert.match(book, /\(gives_book\) succeeded\.[\s\S]*\[… 42000 more characters were cut\]/);
    assert.ok(book.length < TOOL_OUTPUT_LIMIT + 600, `the output is bounded (${book.length} characters)`);
    assert.match(blockOf(reply, 8), /\{"when":"1970-01-01T00:00:00\.000Z","items":\[1,2\]\}/);

    const reported = errors.filter((error) => error.source === 'host-tools').map((error) => String(error.error));
    assert.equal(reported.length, 3);
    assert.match(reported[0]!, /the handler of "gives_function" returned a function; return a string, a JSON value or nothing/);
    assert.match(reported[1]!, /the handler of "gives_cycle" returned a value that cannot be written as JSON \(.*circular/i);
    assert.match(reported[2]!, /the handler of "gives_bigint" returned a value that cannot be written as JSON \(.*BigInt/);
  });

  it('hands the handler the visitor’s language and a signal that the run’s stop aborts', BOUND, async () => {
    let seen: { locale: string; signal: AbortSignal } | undefined;
    const { dddk } = toolsController([[{ tool: 'wait_for_stock' }], []]);
    dddk.tools.register(tool('wait_for_stock', (_args, ctx) => {
      seen = ctx;
      setTimeout(() => dddk.stopAgent(), 10);
      return new Promise(() => undefined);
    }));
    const outcome = await dddk.startAgent('Wait').done;
    assert.equal(outcome.reason, 'stopped');
    assert.equal(seen?.locale, 'en');
    assert.equal(seen?.signal.aborted, true);
  });
});

describe('readToolOutput', () => {
  it('reads strings and JSON values, bounded; reports what cannot be read', () => {
    assert.deepEqual(readToolOutput('fine'), { result: { ok: true, data: 'fine' } });
    assert.deepEqual(readToolOutput(undefined), { result: { ok: true } });
    assert.deepEqual(readToolOutput(null), { result: { ok: true, data: null } });
    assert.deepEqual(readToolOutput({ a: [1, { b: 2 }] }), { result: { ok: true, data: { a: [1, { b: 2 }] } } });
    const long = readToolOutput({ text: 'x'.repeat(TOOL_OUTPUT_LIMIT) });
    assert.equal(typeof long.result.ok === 'boolean' && long.result.ok && typeof long.result.data, 'string');
    assert.equal(readToolOutput(Symbol('s')).defect, 'returned a symbol');
    assert.equal(readToolOutput({ toJSON: () => undefined }).defect, 'returned an object, which has no JSON form');
    const throwing = readToolOutput({
      get price() {
        throw new Error('price is private');
      },
    });
    assert.match(throwing.defect ?? '', /cannot be written as JSON \(price is private\)/);
  });

  it('cuts long text at the limit without splitting a character, and says how much was cut', () => {
    assert.equal(bounded('abc', 3), 'abc');
    assert.equal(bounded('abcdef', 3), 'abc\n[… 3 more characters were cut]');
    assert.equal(bounded('ab😀cd', 3), 'ab\n[… 4 more characters were cut]');
  });
});
