import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LLMError, type StreamEvent } from '../../../core/llm/index.js';
import { parseArguments, ToolCallAssembler } from '../../../core/llm/tool-calls.js';

const LABEL = { provider: 'test', model: 'm' };

describe('parseArguments', () => {
  it('accepts JSON objects and empty text only', () => {
    assert.deepEqual(parseArguments('{"a":1}'), { a: 1 });
    assert.deepEqual(parseArguments('  '), {});
    assert.equal(parseArguments('[1]'), undefined);
    assert.equal(parseArguments('null'), undefined);
    assert.equal(parseArguments('"text"'), undefined);
    assert.equal(parseArguments('{"a": "cut'), undefined);
  });
});

describe('ToolCallAssembler', () => {
  it('announces a call once its name is known and streams the fragments after it', () => {
    const tools = new ToolCallAssembler(LABEL);
    const out: StreamEvent[] = [];
    tools.add(0, { argumentsDelta: '{"q":' }, out);
    assert.deepEqual(out, [], 'no name yet: held back');
    tools.add(0, { id: 'c1', name: 'search' }, out);
    tools.add(0, { name: 'search', argumentsDelta: '"x"}' }, out);
    assert.deepEqual(out, [
      { type: 'tool-call-delta', index: 0, id: 'c1', name: 'search', argumentsDelta: '{"q":' },
      { type: 'tool-call-delta', index: 0, id: 'c1', name: 'search', argumentsDelta: '"x"}' },
    ]);
    tools.closeAll();
    assert.deepEqual(tools.finish('tool_calls'), [{ index: 0, call: { id: 'c1', name: 'search', arguments: { q: 'x' } } }]);
  });

  it('never yields a call the stream did not finish', () => {
    const tools = new ToolCallAssembler(LABEL);
    tools.add(0, { id: 'a', name: 'one', argumentsDelta: '{}' }, []);
    tools.add(1, { id: 'b', name: 'two', argumentsDelta: '{}' }, []);
    tools.close(0);
    assert.deepEqual(tools.unfinished(), ['two']);
    assert.throws(() => tools.finish('tool_calls'), (error: LLMError) => error.kind === 'protocol' && /"two" was never finished/.test(error.message));
  });

  it('drops unfinished or unparsable calls when the model ran out of tokens', () => {
    const tools = new ToolCallAssembler(LABEL);
    tools.add(0, { id: 'a', name: 'one', argumentsDelta: '{"ok":true}' }, []);
    tools.add(1, { id: 'b', name: 'two', argumentsDelta: '{"cut": "hal' }, []);
    tools.add(2, { id: 'c', name: 'three', argumentsDelta: '{' }, []);
    tools.close(0);
    tools.close(1);
    assert.deepEqual(tools.finish('length'), [{ index: 0, call: { id: 'a', name: 'one', arguments: { ok: true } } }]);
  });

  it('refuses arguments that are not a JSON object', () => {
    const tools = new ToolCallAssembler(LABEL);
    tools.add(0, { id: 'a', name: 'one', argumentsDelta: '[1,2]' }, []);
    tools.closeAll();
    assert.throws(() => tools.finish('tool_calls'), /"one" are not a JSON object/);
  });

  it('bounds the call index', () => {
    const tools = new ToolCallAssembler(LABEL);
    for (const index of [-1, 128, 1.5, '0', undefined]) {
      assert.throws(() => tools.add(index, { name: 'x' }, []), (error: LLMError) => error.kind === 'protocol' && /outside 0…127/.test(error.message), String(index));
    }
    tools.add(127, { id: 'last', name: 'x' }, []);
    assert.equal(tools.size, 1);
  });

  it('returns calls in index order whatever order they started in, keeping their index', () => {
    const tools = new ToolCallAssembler(LABEL);
    tools.add(2, { id: 'c', name: 'third' }, []);
    tools.add(0, { id: 'a', name: 'first' }, []);
    tools.closeAll();
    assert.deepEqual(tools.finish('tool_calls').map(({ index, call }) => [index, call.name]), [[0, 'first'], [2, 'third']]);
  });
});
