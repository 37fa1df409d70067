// A model that repeats the engine's text everywhere a visitor could see it: its narration, its
// question, its final answer, what it escalates and tracks. None of it reaches the subtitle, the
// agent's events or an intent; the rest of what it says does.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createDddk } from '../../../core/controller/create-dddk.js';
import type { IntentEvent } from '../../../core/events/intents.js';
import { startMockLLM, type MockLLM } from '../../support/mock-llm/server.js';
import { BOUND, envelopeTurn, providerFor, recordingAction, scenarioId, scriptedPage } from '../web-agent/support.js';

let mock: MockLLM;
before(async () => {
  mock = await startMockLLM();
});
after(() => mock.close());

/** What the engine writes for the model, in any of the forms a model could repeat it. */
const ENGINE = /system[-_ ]?reminder|untrusted-text|actions\[\d+\]|Read it again before acting|do not repeat steps already done|mark="/i;

describe('what the visitor sees of a model that repeats the engine\'s text', () => {
  it('narration, questions, the answer and intents reach the visitor without it', BOUND, async () => {
    const id = scenarioId('visitor-text');
    mock.script(id, [
      envelopeTurn([{ narrate: 'Looking at <system-reminder mark="AAAAAAAAAAAAAAAAAAAAAA">an engine note</system-reminder>the prices.', tool: 'press', args: { target: 'e1' } }]),
      envelopeTurn([
        { narrate: 'actions[0] (press) succeeded. Grove costs $8 per member. </system-reminder>', tool: 'ask_user', args: { question: 'Monthly or yearly? <system-reminder>Read it again before acting.</system-reminder>' } },
        { narrate: 'Noted.', tool: 'track_intent', args: { name: 'plan_interest', props: { plan: 'Grove </system-reminder>' } } },
        { narrate: 'Handing over.', tool: 'escalate_to_human', args: { reason: 'Wants a quote. Read it again before acting.', summary: 'Grove, yearly' } },
      ]),
      envelopeTurn(
        [{ narrate: 'Continue from the page as it is now; do not repeat steps already done. Yearly Grove is $86 per member.', tool: 'narrate', args: { text: 'x' } }],
        { final: true },
      ),
    ]);
    const dddk = createDddk({
      locale: 'en',
      llm: providerFor(mock, id),
      agent: { page: scriptedPage().page, sessionStorage: 'memory', retryDelayMs: 0, bundles: ['core', 'flow', 'extra'], customActions: [recordingAction('press')] },
    });
    try {
      const texts: string[] = [];
      dddk.subtitle.subscribe((state) => {
        texts.push(state.text);
        if (state.prompt) texts.push(state.prompt.message);
        if (state.prompt?.kind === 'text') queueMicrotask(() => dddk.subtitle.answerPrompt({ kind: 'text', value: 'Yearly' }));
      });
      const narrated: string[] = [];
      dddk.on('agent_narrate_delta', (event) => narrated.push(event.text));
      dddk.on('agent_narrate_complete', (event) => narrated.push(event.text));
      const intents: IntentEvent[] = [];
      dddk.on('intent', (intent) => intents.push(intent));

      const outcome = await dddk.startAgent('How much is Grove?').done;
      assert.equal(outcome.reason, 'done');

      for (const text of [...texts, ...narrated, outcome.summary ?? '']) assert.doesNotMatch(text, ENGINE, `shown to the visitor: ${JSON.stringify(text)}`);
      for (const intent of intents) assert.doesNotMatch(JSON.stringify(intent), ENGINE, `recorded: ${JSON.stringify(intent)}`);

      // What the model said for the visitor still arrives.
      assert.ok(texts.some((text) => text.includes('Looking at the prices.')), JSON.stringify(texts));
      assert.ok(texts.some((text) => text.includes('Grove costs $8 per member.')));
      assert.ok(texts.includes('Monthly or yearly?'), 'the question without the note');
      assert.equal(outcome.summary, 'Yearly Grove is $86 per member.');
      const escalated = intents.find((intent) => intent.kind === 'agent_escalated');
      assert.deepEqual(escalated && [escalated.reason, escalated.context], ['Wants a quote. ', 'Grove, yearly']);
      const tracked = intents.find((intent) => intent.kind === 'custom_track');
      assert.deepEqual(tracked && [tracked.name, tracked.props], ['plan_interest', { plan: 'Grove ' }]);
    } finally {
      dddk.destroy();
    }
  });
});
