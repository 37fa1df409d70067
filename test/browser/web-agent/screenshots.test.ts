import { expect } from '@open-wc/testing';
import { openAICompatible, type LLMProvider } from '../../../core/llm/index.js';
import type { MockLLMClient } from '../../support/mock-llm/browser-client.js';
import { cleanUp, controllerFor, finalTurn, mock, mount, scenario } from './support.js';

const quiet = { onLoopEnd: { kind: 'silent' as const } };

function openAIAt(client: MockLLMClient, id: string): LLMProvider {
  return openAICompatible({ baseURL: client.openAIBaseURL(id), apiKey: 'browser-key', model: 'gpt-4o-mini', maxRetries: 0, connectTimeoutMs: 3_000, idleTimeoutMs: 3_000 });
}

/**
 * The colour of one pixel of an image given as a data URL. Decoded through createImageBitmap:
 * `HTMLImageElement.decode()` never settles while the test page is a background tab.
 */
async function pixel(url: string, x: number, y: number): Promise<[number, number, number]> {
  const bitmap = await createImageBitmap(await (await fetch(url)).blob());
  const canvas = document.createElement('canvas');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  const context = canvas.getContext('2d')!;
  context.drawImage(bitmap, 0, 0);
  const [r, g, b] = context.getImageData(x, y, 1, 1).data;
  return [r!, g!, b!];
}

// The dev server serves every module as its own file: room for all their timing entries, so html2canvas's is kept.
performance.setResourceTimingBufferSize(10_000);

/** Whether the html2canvas package itself was fetched (the kit's small loader module does not count). */
const html2canvasFetched = () => performance.getEntriesByType('resource').some((entry) => /\/node_modules\/html2canvas\//.test(entry.name));

describe('the agent sees the page through screenshots', () => {
  const startUrl = location.href;
  afterEach(() => cleanUp(startUrl));

  // First in this file on purpose: once a capture ran, html2canvas stays loaded in this page.
  it('loads no html2canvas and sends text to the webagent model while screenshots are off', async () => {
    const client = await mock();
    mount('<h1>Orchard</h1>');
    const webagentId = scenario('shots-off-webagent');
    const visionId = scenario('shots-off-vision');
    await client.script(webagentId, [finalTurn('Hello.')]);
    const dddk = controllerFor(client, webagentId, { ...quiet, llm: { webagent: openAIAt(client, webagentId), vision: openAIAt(client, visionId) } });
    expect((await dddk.startAgent('Say hello').done).reason).to.equal('done');
    expect(html2canvasFetched(), 'html2canvas was fetched').to.equal(false);
    const [request] = await client.requests(webagentId);
    expect(request!.body.messages.at(-1).content).to.be.a('string');
    expect(await client.requests(visionId)).to.have.length(0);
  });

  it('captures the page with html2canvas and sends the turn, pictures attached, to the vision model', async () => {
    const client = await mock();
    mount('<div id="banner" style="position:fixed;left:0;top:0;width:100vw;height:40vh;background:rgb(200,0,0)"></div><h1 style="margin-top:45vh">Orchard</h1>');
    const webagentId = scenario('shots-on-webagent');
    const visionId = scenario('shots-on-vision');
    await client.script(visionId, [finalTurn('A red banner.')]);
    const dddk = controllerFor(client, webagentId, {
      ...quiet,
      llm: { webagent: openAIAt(client, webagentId), vision: openAIAt(client, visionId) },
      agent: { screenshot: { enabled: true, scale: 0.5 } },
    });
    const outcome = await dddk.startAgent('What colour is the banner?').done;
    expect(outcome.reason).to.equal('done');
    expect(html2canvasFetched(), 'html2canvas was fetched for the capture').to.equal(true);

    expect(await client.requests(webagentId), 'nothing went to the webagent model').to.have.length(0);
    const requests = await client.requests(visionId);
    expect(requests).to.have.length(1);
    expect(requests[0]!.path).to.equal('/v1/chat/completions');
    const context = requests[0]!.body.messages.at(-1);
    expect(context.role).to.equal('user');
    expect(context.content[0].type).to.equal('text');
    expect(context.content[0].text).to.contain('Orchard');
    const images = (context.content as Array<{ type: string; image_url?: { url: string } }>).filter((part) => part.type === 'image_url');
    expect(images).to.have.length(1);
    const url = images[0]!.image_url!.url;
    expect(url).to.match(/^data:image\/jpeg;base64,/);
    // The picture is of this page: the banner's red fills its top.
    const [r, g, b] = await pixel(url, 10, 10);
    expect(r).to.be.above(150);
    expect(g + b).to.be.below(90);
    expect(JSON.stringify(dddk.agent.exportRun())).not.to.contain('data:image', 'the stored session holds no pictures');
  });
});
