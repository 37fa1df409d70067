// The memory through a real agent run on a scripted model: the visitor's "remember my name" kept as
// the visitor's own words, the run's summary kept at its end, and the next run's prompt carrying
// the profile, fenced as memory.
import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { createDddk, type DddkController } from '../../../core/controller/create-dddk.js';
import { scriptedProvider, textOf } from '../../support/scripted-provider.js';
import { BOUND, scriptedPage } from '../web-agent/support.js';

const made: DddkController[] = [];
afterEach(() => {
  for (const dddk of made.splice(0)) dddk.destroy();
});

describe('the memory in an agent run', () => {
  it('remembers what the visitor said as theirs, keeps the run summary, and gives the next run its profile', BOUND, async () => {
    const model = scriptedProvider([[{ tool: 'remember', args: { key: 'name', text: 'Ada' } }], [], []]);
    const dddk = createDddk({
      locale: 'en',
      llm: model,
      agent: { page: scriptedPage().page, sessionStorage: 'memory', retryDelayMs: 0 },
      memory: { core: { schema: { name: { type: 'text', description: 'what the visitor is called' } } }, episodic: {}, store: { factory: null } },
    });
    made.push(dddk);
    const written: string[] = [];
    dddk.on('memory_write', (event) => void written.push(`${event.tier} ${event.by}`));
    const memory = await dddk.loadMemory();
    assert.equal((await dddk.startAgent('Please remember that my name is Ada').done).reason, 'done');
    assert.ok(model.requests[0]!.tools.includes('remember'), 'the first turn offers remember');
    assert.deepEqual(memory.profile().map((record) => [record.key, record.text, record.source.by]), [['name', 'Ada', 'visitor']]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    assert.deepEqual(written, ['core visitor', 'episodic model']);
    const episode = memory.list().find((record) => record.tier === 'episodic')!;
    assert.match(episode.text, /^Asked: Please remember that my name is Ada/);

    await dddk.startAgent('What is my name?', { fresh: true }).done;
    const prompt = textOf(model.requests.at(-1)!);
    assert.match(prompt, /# What you remember of this visitor/);
    assert.match(prompt, /source="memory"[^]*- name: Ada \(the visitor said/);
  });
});
