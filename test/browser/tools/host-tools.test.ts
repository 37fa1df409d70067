import { expect } from '@open-wc/testing';
import { createDddk, type DddkController } from '../../../core/controller/create-dddk.js';
import type { HostTool } from '../../../core/tools/tools.types.js';
import { scriptedProvider, type ScriptedRequest } from '../../support/scripted-provider.js';
import { $, cleanUp, idOf, mount } from '../web-agent/support.js';

const coupon = (handler: HostTool['handler']): HostTool => ({
  name: 'apply_coupon',
  description: 'Applies a coupon code to the open cart.',
  parameters: { type: 'object', properties: { code: { type: 'string' } }, required: ['code'], additionalProperties: false },
  handler,
});

/** The tool message that answered the model's `call`-th turn, as the next call carried it. */
function replyTo(requests: ScriptedRequest[], call: number): string {
  const reply = requests[call]!.messages.filter((message) => message.role === 'tool').at(-1);
  return String(reply?.content ?? '');
}

describe('dddk.tools on a live page', () => {
  const startUrl = location.href;
  let dddk: DddkController | undefined;
  afterEach(() => {
    dddk?.destroy();
    dddk = undefined;
    cleanUp(startUrl);
  });

  it('a tool the page registers in the middle of a run is offered from the next turn, not before; a handler that throws leaves the run going', async () => {
    mount('<h1>Your cart</h1><button id="open" type="button">Show the cart</button><p id="state">closed</p>');
    const applied: string[] = [];
    let flushed: Promise<void> | undefined;
    let flushedBeforeTurn2: boolean | undefined;
    let flushDone = false;
    // The page offers the coupon tool only once the cart is open, as a site would.
    $('#open').addEventListener('click', () => {
      $('#state').textContent = 'open';
      dddk!.tools.register(
        coupon(({ code }) => {
          if (code === 'OLD') throw new Error('That coupon has expired.');
          applied.push(String(code));
          return `Coupon ${code} applied: 10% off.`;
        }),
      );
      flushed = dddk!.tools.flush().then(() => void (flushDone = true));
    });
    const model = scriptedProvider([
      [{ tool: 'click', args: { target: idOf('#open') }, narrate: 'Opening your cart.' }],
      () => {
        flushedBeforeTurn2 = flushDone;
        return [{ tool: 'apply_coupon', args: { code: 'OLD' }, narrate: 'Trying your coupon.' }];
      },
      [{ tool: 'apply_coupon', args: { code: 'SAVE10' }, narrate: 'Trying the other one.' }],
      [{ tool: 'narrate', args: { text: 'Your coupon is applied.' } }],
    ]);
    dddk = createDddk({ locale: 'en', llm: model, onLoopEnd: { kind: 'silent' } });

    const outcome = await dddk.startAgent('Open my cart and use a coupon').done;
    expect(outcome.reason).to.equal('done');
    expect($('#state').textContent).to.equal('open');
    const offered = model.requests.map((request) => request.tools.includes('apply_coupon'));
    expect(offered, 'not in the turn in flight when it was registered').to.deep.equal([false, true, true, true]);
    expect(model.requests[0]!.tools).to.include('click');
    expect(flushed, 'the click registered the tool').to.not.equal(undefined);
    expect(flushedBeforeTurn2, 'flush() resolved at the turn boundary, before the next turn').to.equal(true);
    expect(replyTo(model.requests, 2)).to.match(/\(apply_coupon\) failed \(unknown\)[\s\S]*That coupon has expired\./);
    expect(replyTo(model.requests, 3)).to.match(/\(apply_coupon\) succeeded\.[\s\S]*Coupon SAVE10 applied: 10% off\./);
    expect(applied).to.deep.equal(['SAVE10']);
  });

  it('in the drop-in, a tool registered before the agent’s chunk is fetched is checked at once and offered from the first turn', async () => {
    // The earlier test's source modules filled the page's resource timing buffer.
    performance.clearResourceTimings();
    const dropIn = (await import('/dist/dddk.min.js' as string)) as { createDddk: typeof createDddk };
    const agentChunks = () => performance.getEntriesByType('resource').filter((entry) => /\/dist\/chunks\/controller-agent-[^/]+\.js$/.test(entry.name)).length;
    const model = scriptedProvider([[{ tool: 'apply_coupon', args: { code: 'SAVE10' } }], []]);
    dddk = dropIn.createDddk({ locale: 'en', llm: model, onLoopEnd: { kind: 'silent' }, agent: { sessionStorage: 'memory' } });
    expect(() => dddk!.tools.register({ ...coupon(() => 'x'), name: 'click' }), 'checked without the agent’s code').to.throw(TypeError, /"click" is a built-in page action/);
    const before = agentChunks();
    dddk.tools.register(coupon(({ code }) => `Coupon ${code} applied.`));
    expect(agentChunks(), 'registering fetches no agent code').to.equal(before);
    const outcome = await dddk.startAgent('Use my coupon').done;
    expect(outcome.reason).to.equal('done');
    expect(agentChunks(), 'the run fetched the agent’s chunk').to.equal(before + 1);
    expect(model.requests[0]!.tools).to.include('apply_coupon');
    expect(replyTo(model.requests, 1)).to.match(/Coupon SAVE10 applied\./);
  });
});
