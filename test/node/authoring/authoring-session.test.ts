import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createAuthoringSession, type AuthoringState, type ProposalDelta } from '../../../core/agent/authoring/index.js';
import { openAICompatible, type LLMProvider } from '../../../core/llm/index.js';
import { createFileTreeTarget, createMemoryFileStore, type FileTreeValidator } from '../../../core/targets/index.js';
import { startMockLLM, type MockLLM } from '../../support/mock-llm/server.js';

const BOUND = { timeout: 10_000 };
let mock: MockLLM;
let counter = 0;
before(async () => {
  mock = await startMockLLM();
});
after(() => mock.close());

function scenario(name: string): string {
  return `authoring-${name}-${process.pid}-${++counter}`;
}

function providerFor(id: string): LLMProvider {
  return openAICompatible({ baseURL: mock.openAIBaseURL(id), apiKey: 'test-key', model: 'gpt-4o-mini', maxRetries: 0, connectTimeoutMs: 4_000, idleTimeoutMs: 4_000 });
}

function replace(id: string, content: string) {
  return { toolCalls: [{ name: 'replace_part', arguments: { id, content } }] };
}

function setup(name: string, validate?: FileTreeValidator, maxAttempts?: number) {
  const id = scenario(name);
  const store = createMemoryFileStore({ 'README.md': '# Title\n', 'src/main.ts': 'export const answer = 41;\n' });
  const target = createFileTreeTarget(store, validate ? { validate } : {});
  const session = createAuthoringSession({ llm: providerFor(id), target, ...(maxAttempts ? { maxAttempts } : {}) });
  return { id, store, target, session };
}

/** Every text of a recorded request, joined, to look for what the model was told. */
function requestText(id: string, index: number): string {
  return JSON.stringify(mock.requests(id)[index]!.body.messages);
}

describe('AuthoringSession', () => {
  it('proposes without writing, streams the proposal, and writes it on accept', BOUND, async () => {
    const { id, store, session } = setup('accept');
    mock.script(id, [{ ...replace('src/main.ts', 'export const answer = 42;\n'), deltaSize: 4 }]);
    const deltas: ProposalDelta[] = [];
    const phases: string[] = [];
    session.subscribe((state: AuthoringState) => phases.push(state.phase));

    const result = await session.propose('Make the answer 42.', { partId: 'src/main.ts', onDelta: (delta) => deltas.push(delta) });

    assert.deepEqual(result, { status: 'ready', id: 'src/main.ts', content: 'export const answer = 42;\n', before: 'export const answer = 41;\n' });
    assert.equal(await store.read('src/main.ts'), 'export const answer = 41;\n', 'a proposal writes nothing');
    assert.ok(deltas.length > 2, 'the arguments arrive in several deltas');
    assert.equal(deltas.at(-1)!.content, 'export const answer = 42;\n');
    assert.equal(deltas[0]!.content, undefined);

    const body = mock.requests(id)[0]!.body;
    assert.equal(body.tools.length, 1);
    assert.deepEqual(body.tools[0].function.parameters.properties.id.enum, ['src/main.ts']);
    assert.match(requestText(id, 0), /answer = 41/, 'the current content is shown');

    assert.deepEqual(await session.accept(), { applied: true, id: 'src/main.ts' });
    assert.equal(await store.read('src/main.ts'), 'export const answer = 42;\n');
    assert.deepEqual(phases, ['proposing', 'ready', 'applying', 'idle']);
    assert.equal(session.state.canUndo, true);
  });

  it('sends a refusal back to the model and accepts its corrected answer', BOUND, async () => {
    const validate: FileTreeValidator = ({ content }) =>
      content.includes('var ') ? { ok: false, code: 'rejected', message: 'Use const instead of var (house rule 7).' } : { ok: true };
    const { id, store, session } = setup('refusal', validate);
    mock.script(id, [replace('src/main.ts', 'var answer = 42;\n'), replace('src/main.ts', 'export const answer = 42;\n')]);

    const result = await session.propose('Make the answer 42.');

    assert.equal(result.status, 'ready');
    assert.equal(result.status === 'ready' && result.content, 'export const answer = 42;\n');
    assert.equal(mock.requests(id).length, 2);
    assert.doesNotMatch(requestText(id, 0), /house rule 7/);
    assert.match(requestText(id, 1), /Use const instead of var \(house rule 7\)/);
    assert.deepEqual(mock.requests(id)[0]!.body.tools[0].function.parameters.properties.id.enum, ['README.md', 'src/main.ts']);
    assert.equal(await store.read('src/main.ts'), 'export const answer = 41;\n');
  });

  it('refuses an id outside the allowlist and never writes it', BOUND, async () => {
    const { id, store, session } = setup('outside', undefined, 1);
    mock.script(id, [replace('../etc/passwd', 'owned')]);

    const result = await session.propose('Edit something.');

    assert.equal(result.status, 'refused');
    assert.match(result.status === 'refused' ? result.reasons.join('\n') : '', /README\.md/);
    assert.deepEqual([...(await store.list())].sort(), ['README.md', 'src/main.ts']);
    assert.deepEqual(await session.accept(), { applied: false, reason: 'There is no ready proposal to accept.' });
  });

  it('ends refused with every reason once maxAttempts proposals were refused', BOUND, async () => {
    const validate: FileTreeValidator = ({ content }) => ({ ok: false, code: 'rejected', message: `Rejected ${JSON.stringify(content)}.` });
    const { id, store, session } = setup('exhausted', validate, 2);
    mock.script(id, [replace('README.md', 'one'), replace('README.md', 'two'), replace('README.md', 'three')]);

    const result = await session.propose('Rewrite the readme.');

    assert.equal(result.status, 'refused');
    assert.equal(result.status === 'refused' && result.reasons.length, 2);
    assert.match(result.status === 'refused' ? result.reasons.join('\n') : '', /Rejected "one"[\s\S]*Rejected "two"/);
    assert.equal(mock.requests(id).length, 2, 'no third model call');
    assert.equal(await store.read('README.md'), '# Title\n');
    assert.equal(session.state.phase, 'idle');
  });

  it('undo and redo restore byte-identical content', BOUND, async () => {
    const { id, store, session } = setup('undo');
    const original = 'export const answer = 41;\n';
    const edited = 'export const answer = 42;\r\n// ünïcødé 🚀\n';
    mock.script(id, [replace('src/main.ts', edited)]);

    await session.propose('Change it.', { partId: 'src/main.ts' });
    await session.accept();
    assert.equal(await store.read('src/main.ts'), edited);

    assert.equal(await session.undo(), true);
    assert.equal(await store.read('src/main.ts'), original);
    assert.equal(session.state.canRedo, true);
    assert.equal(await session.redo(), true);
    assert.equal(await store.read('src/main.ts'), edited);
    assert.equal(await session.redo(), false);
  });

  it('reject leaves the target unchanged and refine continues the conversation', BOUND, async () => {
    const { id, store, session } = setup('reject');
    mock.script(id, [replace('README.md', '# First try\n'), replace('README.md', '# Second try\n')]);

    await session.propose('Retitle the readme.', { partId: 'README.md' });
    const refined = await session.refine('Shorter, please.');
    assert.deepEqual(refined, { status: 'ready', id: 'README.md', content: '# Second try\n', before: '# Title\n' });
    const second = requestText(id, 1);
    assert.match(second, /Retitle the readme\./);
    assert.match(second, /# First try/);
    assert.match(second, /Shorter, please\./);

    session.reject();
    assert.equal(session.state.phase, 'idle');
    assert.equal(await store.read('README.md'), '# Title\n');
    assert.deepEqual(await session.accept(), { applied: false, reason: 'There is no ready proposal to accept.' });
    assert.equal(session.state.canUndo, false);
  });

  it('fails when the model answers without proposing', BOUND, async () => {
    const { id, session } = setup('no-call');
    mock.script(id, [{ text: 'I would rather not.' }]);
    const result = await session.propose('Edit.');
    assert.equal(result.status, 'failed');
    assert.match(result.status === 'failed' ? result.error.message : '', /without proposing/);
  });
});
