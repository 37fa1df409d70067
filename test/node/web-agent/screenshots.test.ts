import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createWebAgent, OFFLINE_PROVIDER_NAME, type AgentEvent, type WebAgentScreenshotConfig } from '../../../core/agent/web-agent/index.js';
import { captureTurnScreenshots } from '../../../core/agent/web-agent/turn-screenshots.js';
import type { LLMProvider } from '../../../core/llm/index.js';
import type { ScreenshotMode } from '../../../core/page/screenshot/index.js';
import { startMockLLM, type MockLLM } from '../../support/mock-llm/server.js';
import { agentConfig, BOUND, collect, envelopeTurn, inspectableStorage, ofType, providerFor, recordingAction, requestMessages, scenarioId, scriptedPage } from './support.js';

let mock: MockLLM;
before(async () => {
  mock = await startMockLLM();
});
after(() => mock.close());

/** Tiny images that differ per capture, so a test can tell one turn's pictures from another's. */
const picture = (label: string) => `data:image/jpeg;base64,${Buffer.from(`picture ${label}`).toString('base64')}`;

/** A host capture that hands out numbered pictures and records the modes it was asked for. */
function stubCapture(perCapture = 1) {
  const modes: ScreenshotMode[] = [];
  const capture = async (mode: ScreenshotMode) => {
    modes.push(mode);
    return Array.from({ length: perCapture }, (_, index) => picture(`${modes.length}.${index + 1}`));
  };
  return { capture, modes };
}

/** Two scenarios on the mock server: one for each role of the router. */
function routed(name: string) {
  const webagentId = scenarioId(`${name}-webagent`);
  const visionId = scenarioId(`${name}-vision`);
  return { webagentId, visionId, llm: { webagent: providerFor(mock, webagentId), vision: providerFor(mock, visionId) } };
}

const pressThenFinish = () => [
  envelopeTurn([{ narrate: 'I press Go.', tool: 'press', args: { target: 'e1' } }]),
  envelopeTurn([{ narrate: 'Done.', tool: 'narrate', args: { text: 'done' } }], { final: true }),
];

type WireMessage = { role: string; content: unknown };

function imageURLs(message: WireMessage): string[] {
  if (!Array.isArray(message.content)) return [];
  return (message.content as Array<{ type: string; image_url?: { url: string } }>).filter((part) => part.type === 'image_url').map((part) => part.image_url!.url);
}

describe('screenshots in the web agent’s turns', () => {
  it('attaches each turn’s pictures to that turn’s context and sends the turn to the vision model', BOUND, async () => {
    const { webagentId, visionId, llm } = routed('attached');
    mock.script(visionId, pressThenFinish());
    const { capture, modes } = stubCapture(2);
    const { page } = scriptedPage({ text: 'url: /start\n[e1] <button>Go</button>' });
    const events: AgentEvent[] = [];
    const agent = createWebAgent(agentConfig(mock, visionId, { llm, page, customActions: [recordingAction('press')], screenshot: { enabled: true, capture }, onEvent: collect(events) }));

    const outcome = await agent.run('Press Go').done;

    assert.equal(outcome.reason, 'done');
    assert.deepEqual(modes, ['viewport', 'viewport'], 'one capture per turn');
    assert.equal(mock.requests(visionId).length, 2, 'both turns went to the vision model');
    assert.equal(mock.requests(webagentId).length, 0);

    const first = requestMessages(mock, visionId, 0) as WireMessage[];
    const context = first.at(-1)!;
    assert.equal(context.role, 'user');
    const parts = context.content as Array<{ type: string; text?: string }>;
    assert.equal(parts[0]!.type, 'text');
    assert.match(parts[0]!.text!, /\[e1\] <button>Go<\/button>/, 'the page text comes first');
    assert.match(parts[0]!.text!, /The 2 images are screenshots of the visible part of the page/);
    assert.deepEqual(imageURLs(context), [picture('1.1'), picture('1.2')]);

    const second = requestMessages(mock, visionId, 1) as WireMessage[];
    assert.deepEqual(imageURLs(second.at(-1)!), [picture('2.1'), picture('2.2')], 'the second turn carries fresh pictures');
    assert.deepEqual(second.slice(0, -1).flatMap(imageURLs), [], 'no earlier turn’s pictures are sent again');

    assert.deepEqual(ofType(events, 'llm-call').map((event) => event.role), ['vision', 'vision']);
    assert.deepEqual(ofType(events, 'screenshot').map((event) => [event.step, event.images, event.skipped]), [
      [1, 2, undefined],
      [2, 2, undefined],
    ]);
  });

  it('never writes the pictures into the stored session', BOUND, async () => {
    const { visionId, llm } = routed('storage');
    mock.script(visionId, pressThenFinish());
    const storage = inspectableStorage();
    const { page } = scriptedPage();
    const agent = createWebAgent(
      agentConfig(mock, visionId, { llm, page, sessionStorage: storage.adapter, customActions: [recordingAction('press')], screenshot: { capture: stubCapture(3).capture } }),
    );
    assert.equal((await agent.run('Press Go').done).reason, 'done');

    assert.ok(storage.writes.length >= 4, 'the session was written step by step');
    for (const written of storage.writes) assert.doesNotMatch(written, /data:image|cGljdHVyZS/, 'no write carries image data');
    const session = storage.session();
    const messages = (session?.transcript as unknown as { transcript: { messages: WireMessage[] } }).transcript.messages;
    assert.ok(messages.length > 0);
    assert.ok(messages.every((message) => typeof message.content === 'string'), 'the stored transcript is text only');
    assert.doesNotMatch(JSON.stringify(agent.exportRun()), /data:image/);
  });

  it('uses the webagent model and sends text only when screenshots are off', BOUND, async () => {
    for (const screenshot of [undefined, { enabled: false }] as const) {
      const { webagentId, visionId, llm } = routed('off');
      mock.script(webagentId, pressThenFinish());
      const { capture, modes } = stubCapture();
      const { page } = scriptedPage();
      const events: AgentEvent[] = [];
      const config = agentConfig(mock, webagentId, { llm, page, customActions: [recordingAction('press')], onEvent: collect(events) });
      if (screenshot) config.screenshot = { ...screenshot, capture };
      const outcome = await createWebAgent(config).run('Press Go').done;

      assert.equal(outcome.reason, 'done');
      assert.deepEqual(modes, [], 'nothing is captured');
      assert.equal(mock.requests(webagentId).length, 2);
      assert.equal(mock.requests(visionId).length, 0);
      assert.equal(typeof (requestMessages(mock, webagentId, 0) as WireMessage[]).at(-1)!.content, 'string');
      assert.deepEqual(ofType(events, 'screenshot'), []);
      assert.deepEqual(ofType(events, 'llm-call').map((event) => event.role), ['webagent', 'webagent']);
    }
  });

  it('goes on text-only with the webagent model when the capture fails, and tells only the event stream why', BOUND, async () => {
    const cases: Array<[string, WebAgentScreenshotConfig, RegExp]> = [
      ['capture_failed', { capture: async () => Promise.reject(new Error('canvas tainted')) }, /canvas tainted/],
      ['empty', { capture: async () => [] }, /returned no images/],
      // Node has no document, and no capture function was given: html2canvas has nothing to draw.
      ['no_document', {}, /no page to capture/],
    ];
    for (const [reason, screenshot, detail] of cases) {
      const { webagentId, visionId, llm } = routed(`fails-${reason}`);
      mock.script(webagentId, pressThenFinish());
      const { page } = scriptedPage();
      const events: AgentEvent[] = [];
      const agent = createWebAgent(agentConfig(mock, webagentId, { llm, page, customActions: [recordingAction('press')], screenshot, onEvent: collect(events) }));
      const outcome = await agent.run('Press Go').done;

      assert.equal(outcome.reason, 'done', reason);
      assert.equal(mock.requests(visionId).length, 0, reason);
      assert.equal(mock.requests(webagentId).length, 2, reason);
      const context = (requestMessages(mock, webagentId, 0) as WireMessage[]).at(-1)!;
      assert.equal(typeof context.content, 'string', reason);
      assert.doesNotMatch(context.content as string, /screenshot/i, `${reason}: the model is not told about a capture that failed`);
      const skipped = ofType(events, 'screenshot');
      assert.deepEqual(skipped.map((event) => [event.images, event.skipped?.reason]), [
        [0, reason],
        [0, reason],
      ]);
      assert.match(skipped[0]!.skipped!.detail, detail);
      assert.deepEqual(ofType(events, 'error'), [], `${reason}: a failed capture is no error of the run`);
      assert.deepEqual(ofType(events, 'llm-call').map((event) => event.role), ['webagent', 'webagent']);
    }
  });

  it('lets a later turn use the vision model again once a capture works', BOUND, async () => {
    const { webagentId, visionId, llm } = routed('recovers');
    mock.script(webagentId, [envelopeTurn([{ narrate: 'I press Go.', tool: 'press', args: { target: 'e1' } }])]);
    mock.script(visionId, [envelopeTurn([{ narrate: 'Done.', tool: 'narrate', args: { text: 'done' } }], { final: true })]);
    let captures = 0;
    const capture = async () => (++captures === 1 ? Promise.reject(new Error('not yet')) : [picture('late')]);
    const { page } = scriptedPage();
    const agent = createWebAgent(agentConfig(mock, webagentId, { llm, page, customActions: [recordingAction('press')], screenshot: { capture } }));
    assert.equal((await agent.run('Press Go').done).reason, 'done');
    assert.equal(mock.requests(webagentId).length, 1);
    assert.deepEqual(imageURLs((requestMessages(mock, visionId, 0) as WireMessage[]).at(-1)!), [picture('late')]);
  });

  it('sends the pictures to the one provider there is when llm is not a router, naming the whole page in full-page mode', BOUND, async () => {
    const id = scenarioId('single-provider');
    mock.script(id, [envelopeTurn([{ narrate: 'Done.', tool: 'narrate', args: { text: 'done' } }], { final: true })]);
    const { capture, modes } = stubCapture(5);
    const { page } = scriptedPage();
    const agent = createWebAgent(agentConfig(mock, id, { page, screenshot: { mode: 'full-page', maxImages: 2, capture } }));
    assert.equal((await agent.run('Look').done).reason, 'done');
    assert.deepEqual(modes, ['full-page']);
    const context = (requestMessages(mock, id, 0) as WireMessage[]).at(-1)!;
    assert.deepEqual(imageURLs(context), [picture('1.1'), picture('1.2')], 'maxImages caps the pictures');
    assert.match((context.content as Array<{ text?: string }>)[0]!.text!, /screenshots of the whole page, top to bottom/);
  });

  it('stops at once while a capture hangs', BOUND, async () => {
    const { visionId, llm } = routed('hang');
    let started!: () => void;
    const captureStarted = new Promise<void>((resolve) => (started = resolve));
    const capture = () => {
      started();
      return new Promise<string[]>(() => {});
    };
    const { page } = scriptedPage();
    const run = createWebAgent(agentConfig(mock, visionId, { llm, page, screenshot: { capture } })).run('Look');
    await captureStarted;
    run.stop();
    const outcome = await run.done;
    assert.equal(outcome.reason, 'stopped');
    assert.equal(mock.requests(visionId).length, 0);
  });

  it('captures nothing for the offline guide, which reads no images', BOUND, async () => {
    const offline: LLMProvider = { name: OFFLINE_PROVIDER_NAME, complete: () => Promise.reject(new Error('unused')), stream: () => ({}) as never };
    const { capture, modes } = stubCapture();
    const outcome = await captureTurnScreenshots({ capture }, offline, new AbortController().signal);
    assert.deepEqual(outcome.images, []);
    assert.equal(outcome.skipped?.reason, 'unavailable');
    assert.deepEqual(modes, []);
  });
});

describe('the screenshot config', () => {
  const cases: Array<[unknown, RegExp]> = [
    [true, /config\.screenshot must be an object such as \{ enabled: true, mode: "viewport" \}, got a boolean \(true\)/],
    [{ enabeld: true }, /config\.screenshot has an unknown field "enabeld"; the fields are enabled, mode, scale, quality, maxImages, maxSegmentHeight, capture/],
    [{ enabled: 'yes' }, /config\.screenshot\.enabled must be true or false/],
    [{ mode: 'page' }, /config\.screenshot\.mode must be "viewport" or "full-page", got the string "page"/],
    [{ scale: 3 }, /config\.screenshot\.scale must be a resolution factor from 0\.1 to 2/],
    [{ quality: 0 }, /config\.screenshot\.quality must be a JPEG quality from 0\.1 to 1/],
    [{ maxImages: 2.5 }, /config\.screenshot\.maxImages must be an integer from 1 to 10/],
    [{ maxImages: 11 }, /config\.screenshot\.maxImages must be an integer from 1 to 10/],
    [{ maxSegmentHeight: 50 }, /config\.screenshot\.maxSegmentHeight must be an integer from 200 to 16000/],
    [{ capture: 'html2canvas' }, /config\.screenshot\.capture must be a function/],
  ];
  for (const [screenshot, message] of cases) {
    it(`refuses ${JSON.stringify(screenshot)}`, () => {
      assert.throws(() => createWebAgent({ llm: stubProvider(), screenshot: screenshot as WebAgentScreenshotConfig }), (error: Error) => error instanceof TypeError && message.test(error.message));
    });
  }
  it('accepts a full config', () => {
    const agent = createWebAgent({
      llm: stubProvider(),
      sessionStorage: 'memory',
      screenshot: { enabled: true, mode: 'full-page', scale: 0.5, quality: 0.6, maxImages: 4, maxSegmentHeight: 3000, capture: async () => [] },
    });
    agent.dispose();
  });
});

function stubProvider(): LLMProvider {
  return { name: 'stub', complete: () => Promise.reject(new Error('unused')), stream: () => ({}) as never };
}
