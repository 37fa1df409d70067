import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  AGENT_TURN_TOOL,
  agentTurnParameters,
  agentTurnSchema,
  createEnvelopeParser,
  parseEnvelopeOnce,
  plannedAgentTurnSchema,
  type EnvelopeEvent,
  type JsonSchema,
} from '../../../core/loop/envelope/index.js';

const BOUND = { timeout: 5_000 };

/** Feeds `pieces` one by one and returns the events of each feed, then of finish, in one list of lists. */
function feedEach(pieces: string[]): { perFeed: EnvelopeEvent[][]; fromFinish: EnvelopeEvent[] } {
  const parser = createEnvelopeParser();
  const perFeed = pieces.map((piece) => parser.feed(piece));
  return { perFeed, fromFinish: parser.finish() };
}

function streamAll(text: string, size = 1): EnvelopeEvent[] {
  const pieces: string[] = [];
  for (let i = 0; i < text.length; i += size) pieces.push(text.slice(i, i + size));
  const { perFeed, fromFinish } = feedEach(pieces);
  return [...perFeed.flat(), ...fromFinish];
}

const types = (events: EnvelopeEvent[]) => events.map((event) => event.type);
const narration = (events: EnvelopeEvent[], index = 0) =>
  events.flatMap((event) => (event.type === 'narrate_delta' && event.index === index ? [event.delta] : [])).join('');
const completed = (events: EnvelopeEvent[]) => events.flatMap((event) => (event.type === 'action_complete' ? [event.action] : []));
function withDeltasJoined(events: EnvelopeEvent[]): EnvelopeEvent[] {
  const joined: EnvelopeEvent[] = [];
  for (const event of events) {
    const last = joined.at(-1);
    if (event.type === 'narrate_delta' && last?.type === 'narrate_delta' && last.index === event.index) joined[joined.length - 1] = { ...last, delta: last.delta + event.delta };
    else joined.push(event);
  }
  return joined;
}
const reasons = (events: EnvelopeEvent[]) => events.flatMap((event) => ('reason' in event ? [event.reason] : []));

const ENVELOPE = JSON.stringify({
  memory: 'The user wants the pricing page.',
  turn_planning: { evaluation_previous_goal: 'Opened the site.', next_goal: 'Show the plans.' },
  todos_remaining: ['compare plans'],
  actions: [
    { narrate: 'Here is the pricing link.', about: ['12'], tool: 'click', args: { id: 12 } },
    { narrate: 'And the plans.', about: [], tool: 'scroll', args: { to: 'plans' } },
  ],
  is_final: false,
});

describe('EnvelopeParser: streaming', () => {
  it('reports every part of a well-formed envelope in order', BOUND, () => {
    const events = streamAll(ENVELOPE, 7);
    assert.deepEqual(
      types(events).filter((type) => type !== 'narrate_delta'),
      [
        'memory',
        'turn_planning',
        'todos_remaining',
        'action_start',
        'narrate_complete',
        'about',
        'action_complete',
        'action_start',
        'narrate_complete',
        'about',
        'action_complete',
        'is_final',
        'envelope_complete',
      ],
    );
    assert.deepEqual(events[0], { type: 'memory', value: 'The user wants the pricing page.' });
    assert.deepEqual(completed(events), [
      { narrate: 'Here is the pricing link.', about: ['12'], tool: 'click', args: { id: 12 } },
      { narrate: 'And the plans.', about: [], tool: 'scroll', args: { to: 'plans' } },
    ]);
    assert.deepEqual(events.find((event) => event.type === 'is_final'), { type: 'is_final', value: false });
  });

  it('streams narration before the action object closes, and runs the action as soon as it closes', BOUND, () => {
    const head = '{"actions":[{"narrate":"Look at ';
    const pieces = [head, 'the cart', '.", "about": ["7"], ', '"tool": "highlight", "args": {}', '}', ', {"tool": "click"', '}]}'];
    const { perFeed } = feedEach(pieces);
    assert.deepEqual(perFeed[0], [
      { type: 'action_start', index: 0 },
      { type: 'narrate_delta', index: 0, delta: 'Look at ' },
    ]);
    assert.deepEqual(perFeed[1], [{ type: 'narrate_delta', index: 0, delta: 'the cart' }]);
    assert.deepEqual(perFeed[2], [
      { type: 'narrate_delta', index: 0, delta: '.' },
      { type: 'narrate_complete', index: 0, text: 'Look at the cart.' },
      { type: 'about', index: 0, ids: ['7'] },
    ]);
    assert.deepEqual(perFeed[3], [], 'nothing runs while the action is open');
    assert.deepEqual(perFeed[4], [{ type: 'action_complete', index: 0, action: { narrate: 'Look at the cart.', about: ['7'], tool: 'highlight', args: {} } }]);
    assert.deepEqual(perFeed[5], [{ type: 'action_start', index: 1 }]);
    assert.deepEqual(types(perFeed[6]!), ['action_complete', 'envelope_complete']);
  });

  it('decodes escapes split across every boundary, never emitting half an escape or half a surrogate pair', BOUND, () => {
    const raw = String.raw`{"actions":[{"narrate":"a\n\"q\" \\ \/ \u00e9 \ud83d\ude00 😀 \t end","tool":"t"}]}`;
    const expected = 'a\n"q" \\ / é 😀 😀 \t end';
    for (let cut = 0; cut <= raw.length; cut++) {
      for (const pieces of [[raw.slice(0, cut), raw.slice(cut)], raw.split('')]) {
        const { perFeed, fromFinish } = feedEach(pieces);
        const events = perFeed.flat();
        assert.deepEqual(fromFinish, []);
        assert.equal(narration(events), expected, `cut at ${cut}`);
        if (pieces.length > 2) {
          // Fed a character at a time, each delta is one whole decoded character.
          const deltas = events.flatMap((event) => (event.type === 'narrate_delta' ? [event.delta] : []));
          assert.deepEqual(deltas, [...expected]);
        }
        for (const event of events) {
          if (event.type !== 'narrate_delta') continue;
          assert.doesNotMatch(event.delta, /[\ud800-\udbff]$|^[\udc00-\udfff]/, `half a pair in ${JSON.stringify(event.delta)}`);
        }
      }
    }
  });

  it('reads an envelope a model wrapped in a ```json fence while it streams', BOUND, () => {
    const fenced = '```json\n' + ENVELOPE + '\n```\n';
    const events = streamAll(fenced, 3);
    assert.equal(events[0]!.type, 'memory', 'streaming starts inside the fence');
    assert.deepEqual(withDeltasJoined(events), parseEnvelopeOnce(ENVELOPE));
  });

  it('ignores whatever follows the closed envelope', BOUND, () => {
    const events = streamAll(ENVELOPE + '\nHope this helps! {"actions":[{"tool":"evil"}]}', 5);
    assert.equal(events[events.length - 1]!.type, 'envelope_complete');
    assert.deepEqual(
      completed(events).map((action) => action.tool),
      ['click', 'scroll'],
    );
  });

  it('uses the first value of a repeated key and says so', BOUND, () => {
    const events = parseEnvelopeOnce('{"memory":"first","memory":"second","is_final":true,"is_final":false}');
    assert.deepEqual(events, [
      { type: 'memory', value: 'first' },
      { type: 'field_invalid', key: 'memory', reason: '"memory" appears more than once in the object; only its first value was used. Send each key once.' },
      { type: 'is_final', value: true },
      { type: 'field_invalid', key: 'is_final', reason: '"is_final" appears more than once in the object; only its first value was used. Send each key once.' },
      { type: 'envelope_complete' },
    ]);
  });

  it('runs no action of a repeated actions array', BOUND, () => {
    const events = parseEnvelopeOnce('{"actions":[{"tool":"a"}],"actions":[{"tool":"b"}]}');
    assert.deepEqual(completed(events).map((action) => action.tool), ['a']);
    assert.ok(events.some((event) => event.type === 'field_invalid' && event.key === 'actions'));
  });

  it('refuses an action that repeats a key, and streams only its first narration', BOUND, () => {
    const events = streamAll('{"actions":[{"narrate":"one","tool":"click","narrate":"two","args":{}}]}');
    assert.equal(narration(events), 'one');
    assert.deepEqual(events.at(-2), { type: 'action_invalid', index: 0, reason: 'actions[0] has the key "narrate" more than once; send each key once.' });
  });

  it('refuses values of the wrong type with a reason the model can act on', BOUND, () => {
    const text = JSON.stringify({
      memory: 42,
      turn_planning: { next_goal: 7 },
      todos_remaining: ['ok', 3],
      actions: [
        { narrate: 'x' },
        { tool: '  ', args: {} },
        { tool: 'click', args: [1] },
        { tool: 'click', about: '12' },
        { tool: 'click', about: ['12', 13] },
        { tool: 'click', narrate: 5 },
        'click #12',
        { tool: 'click' },
      ],
      is_final: 'yes',
    });
    const events = streamAll(text, 4);
    assert.deepEqual(reasons(events), [
      '"memory" must be a string of notes for your next turn; got the number 42.',
      '"turn_planning.next_goal" must be a string; got the number 7.',
      '"todos_remaining[1]" must be a string; got the number 3.',
      'actions[0] has no "tool": add the name of the tool to run.',
      'actions[1].tool must be the name of a tool as a non-empty string; got the string "  ".',
      'actions[2].args must be an object holding the arguments of "click"; got an array.',
      'actions[3].about must be an array of element id strings; got the string "12".',
      'actions[4].about[1] must be an element id string; got the number 13.',
      'actions[5].narrate must be a string; got the number 5.',
      'actions[6] must be an object with "tool" and "args"; got the string "click #12".',
      '"is_final" must be true or false; got the string "yes".',
    ]);
    assert.deepEqual(completed(events), [{ narrate: '', about: [], tool: 'click', args: {} }], 'defaults fill what is missing');
    assert.equal(events.filter((event) => event.type === 'about').length, 0, 'no pointing at ids that are not all strings');
    assert.deepEqual(parseEnvelopeOnce('{"actions":{"tool":"click"}}')[0], {
      type: 'field_invalid',
      key: 'actions',
      reason: '"actions" must be an array of action objects; got an object.',
    });
  });

  it('passes todo_adjust through as any JSON and skips keys it does not know', BOUND, () => {
    const events = parseEnvelopeOnce('{"thoughts":{"memory":"nested"},"todo_adjust":{"remove":["t1"],"replace":[]},"actions":[]}');
    assert.deepEqual(events, [{ type: 'todo_adjust', value: { remove: ['t1'], replace: [] } }, { type: 'envelope_complete' }]);
  });
});

describe('EnvelopeParser: broken streams', () => {
  it('never completes an action the stream cut off, and tells the model which actions already ran', BOUND, () => {
    const cut = ENVELOPE.slice(0, ENVELOPE.indexOf('"scroll"'));
    const events = streamAll(cut, 2);
    assert.deepEqual(completed(events).map((action) => action.tool), ['click']);
    assert.deepEqual(events.at(-1), {
      type: 'error',
      final: true,
      reason:
        'Your agent_turn arguments were not valid JSON: they ended inside actions[1], before the object closed. actions[0] already ran; send a new agent_turn with only the actions still to do.',
    });
  });

  it('reports a cut-off stream that ran nothing with advice to resend everything', BOUND, () => {
    const events = streamAll('{"memory":"half', 3);
    assert.deepEqual(events, [
      {
        type: 'error',
        final: true,
        reason: 'Your agent_turn arguments were not valid JSON: they ended inside the value of "memory", before the object closed. Send the whole object again.',
      },
    ]);
  });

  it('stops streaming at a syntax error with one error, and reports it for the model at the end', BOUND, () => {
    const parser = createEnvelopeParser();
    assert.deepEqual(types(parser.feed('{"actions":[{"tool":"a"},')), ['action_start', 'action_complete']);
    const broken = parser.feed('{"tool" "b"}]}');
    assert.deepEqual(broken, [
      { type: 'action_start', index: 1 },
      { type: 'error', final: false, reason: `Your agent_turn arguments were not valid JSON: unexpected '"' at character 33, where ':' was expected.` },
    ]);
    assert.deepEqual(parser.feed('{"tool":"c"}'), [], 'nothing streams after the error');
    assert.deepEqual(parser.finish(), [
      {
        type: 'error',
        final: true,
        reason:
          `Your agent_turn arguments were not valid JSON: unexpected '"' at character 33, where ':' was expected. actions[0] already ran; send a new agent_turn with only the actions still to do.`,
      },
    ]);
  });

  it('names invalid strings, escapes and words precisely', BOUND, () => {
    const finalReason = (text: string) => reasons(parseEnvelopeOnce(text).filter((event) => event.type === 'error'))[0];
    assert.match(finalReason('{"memory":"a\nb"}')!, /unescaped control character \(code 10\) inside a string at character 12/);
    assert.match(finalReason('{"memory":"\\x"}')!, /invalid escape \\x at character 11/);
    assert.match(finalReason('{"memory":"\\u12g4"}')!, /invalid \\u escape at character 15/);
    assert.match(finalReason('{"is_final":tru}')!, /invalid word "tru"/);
    assert.match(finalReason('{"is_final":yes}')!, /unexpected 'y' at character 12, where a value was expected/);
    assert.match(finalReason('{"is_final":trve}')!, /unexpected 'v' at character 14, inside a word/);
    assert.match(finalReason('{"n":01}')!, /invalid number "01"/);
    assert.match(finalReason('{"actions":[1,]}')!, /unexpected '\]' at character 14, where a value was expected/);
    assert.match(finalReason('{"a":1,}')!, /unexpected '\}' at character 7, where a key in double quotes was expected/);
  });

  it('recovers an envelope behind leading prose once the stream ends', BOUND, () => {
    const parser = createEnvelopeParser();
    const streamed = [...parser.feed('Sure! Here is my turn: '), ...parser.feed(ENVELOPE.slice(0, 40)), ...parser.feed(ENVELOPE.slice(40))];
    assert.deepEqual(types(streamed), ['error']);
    assert.equal(streamed[0]!.type === 'error' && streamed[0]!.final, false);
    const recovered = parser.finish();
    assert.deepEqual(recovered, parseEnvelopeOnce(ENVELOPE));
    assert.equal(completed(recovered).length, 2);
  });

  it('recovers an envelope sent as a JSON string, or fenced after prose', BOUND, () => {
    assert.deepEqual(parseEnvelopeOnce(JSON.stringify(ENVELOPE)), parseEnvelopeOnce(ENVELOPE));
    assert.deepEqual(parseEnvelopeOnce(`I will click it.\n\`\`\`json\n${ENVELOPE}\n\`\`\``), parseEnvelopeOnce(ENVELOPE));
  });

  it('answers empty or hopeless arguments with one final error for the model', BOUND, () => {
    assert.deepEqual(parseEnvelopeOnce(''), [
      { type: 'error', final: true, reason: 'Your agent_turn arguments were not valid JSON: the arguments were empty. Send the whole object again.' },
    ]);
    const [error] = parseEnvelopeOnce('I cannot do that.');
    assert.equal(error?.type, 'error');
    assert.match(error!.type === 'error' ? error.reason : '', /^Your agent_turn arguments were not valid JSON: unexpected "I" at character 0.*Send the whole object again\.$/);
    assert.deepEqual(types(parseEnvelopeOnce('[1,2]')), ['error']);
  });

  it('never throws, whatever feed and finish are given or however often', BOUND, () => {
    const parser = createEnvelopeParser();
    for (const junk of [undefined, null, 42, {}, ['{'], '']) assert.deepEqual(parser.feed(junk as unknown as string), []);
    assert.deepEqual(types(parser.feed('{"is_final":true}')), ['is_final', 'envelope_complete']);
    assert.deepEqual(parser.finish(), []);
    assert.deepEqual(parser.finish(), []);
    assert.deepEqual(parser.feed('{"actions":[{"tool":"late"}]}'), [], 'nothing after finish');
  });
});

describe('agent_turn schema', () => {
  function objectsOf(schema: JsonSchema): JsonSchema[] {
    const found: JsonSchema[] = [];
    const visit = (node: unknown) => {
      if (typeof node !== 'object' || node === null) return;
      const record = node as JsonSchema;
      if (record.type === 'object' && record.properties) found.push(record);
      for (const value of Object.values(record)) visit(value);
    };
    visit(schema);
    return found;
  }

  it('closes every object of known shape and requires all its keys', BOUND, () => {
    for (const schema of [agentTurnSchema, plannedAgentTurnSchema(['click'])]) {
      const objects = objectsOf(schema);
      assert.ok(objects.length >= 3);
      for (const object of objects) {
        assert.equal(object.additionalProperties, false);
        assert.deepEqual(object.required, Object.keys(object.properties as object));
      }
    }
  });

  it('orders actions before is_final and switches todos_remaining for todo_adjust when planned', BOUND, () => {
    assert.equal(AGENT_TURN_TOOL, 'agent_turn');
    assert.deepEqual(Object.keys(agentTurnSchema.properties as object), ['memory', 'turn_planning', 'todos_remaining', 'actions', 'is_final']);
    assert.deepEqual(Object.keys(plannedAgentTurnSchema().properties as object), ['memory', 'turn_planning', 'todo_adjust', 'actions', 'is_final']);
    assert.ok(Object.isFrozen(agentTurnSchema));
  });

  it('limits tool to the names it is given', BOUND, () => {
    const schema = agentTurnParameters({ toolNames: ['click', 'navigate'] });
    const action = ((schema.properties as Record<string, JsonSchema>).actions!.items as JsonSchema).properties as Record<string, JsonSchema>;
    assert.deepEqual(action.tool!.enum, ['click', 'navigate']);
    assert.deepEqual(action.args, { type: 'object', description: "The tool's arguments, as its own schema describes them." });
  });
});
