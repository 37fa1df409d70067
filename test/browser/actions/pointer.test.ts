import { expect } from '@open-wc/testing';
import { click, doubleClick, drag, hover, longPress } from '../../../core/page/actions/index.js';
import { $, context, expectFailure, expectOk, mount, record, run, unmount } from './support.js';

describe('pointer actions', () => {
  afterEach(unmount);

  describe('click', () => {
    it('fires pointer and mouse events, then the click, on a visible button', async () => {
      mount('<button id="go">Go</button>');
      const seen = record($('#go'), ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click']);
      const result = expectOk(await run(click, { target: '#go' }));
      expect(seen).to.deep.equal(['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click']);
      expect(result.message).to.contain('button "Go"');
      expect(document.activeElement).to.equal($('#go'));
    });

    it('scrolls an off-screen element into view before clicking it', async () => {
      mount('<div style="height: 3000px"></div><button id="far">Far</button>');
      let clicked = false;
      $('#far').addEventListener('click', () => (clicked = true));
      expectOk(await run(click, { target: '#far' }));
      const rect = $('#far').getBoundingClientRect();
      expect(clicked).to.equal(true);
      expect(rect.top).to.be.within(0, innerHeight);
      scrollTo(0, 0);
    });

    it('refuses an element covered by another one, naming the cover', async () => {
      mount(`<button id="under" style="position:absolute;top:10px;left:10px;width:100px;height:40px">Under</button>
        <div id="cover" style="position:absolute;top:0;left:0;width:300px;height:100px;background:#0003">Cookie banner</div>`);
      let clicked = false;
      $('#under').addEventListener('click', () => (clicked = true));
      const message = expectFailure(await run(click, { target: '#under' }), 'not_interactive');
      expect(message).to.contain('Cookie banner');
      expect(clicked).to.equal(false);
    });

    it('sees a cover that lives inside a shadow root, and accepts a click target inside one', async () => {
      mount('<button id="plain" style="position:absolute;top:10px;left:10px">Plain</button><div id="host"></div>');
      const host = $('#host');
      const root = host.attachShadow({ mode: 'open' });
      root.innerHTML = `<div style="position:fixed;inset:0;background:#0002">Modal</div>`;
      expectFailure(await run(click, { target: '#plain' }), 'not_interactive');
      root.innerHTML = `<button id="inner" style="position:fixed;top:50px;left:50px">Inside</button>`;
      let clicked = false;
      root.querySelector('button')!.addEventListener('click', () => (clicked = true));
      expectOk(await click.run({ target: 'inner' }, context({ resolve: () => root.querySelector('button') })));
      expect(clicked).to.equal(true);
    });

    it('refuses hidden, zero-size and transparent elements as not_visible', async () => {
      mount(`<button id="none" style="display:none">A</button><button id="invisible" style="visibility:hidden">B</button>
        <button id="clear" style="opacity:0">C</button><span id="empty"></span>`);
      for (const id of ['#none', '#invisible', '#clear', '#empty']) {
        expectFailure(await run(click, { target: id }), 'not_visible');
      }
    });

    it('refuses disabled and aria-disabled controls, and a missing target', async () => {
      mount('<button id="off" disabled>Off</button><div role="button" id="aria" aria-disabled="true">Aria</div>');
      expect(expectFailure(await run(click, { target: '#off' }), 'not_interactive')).to.contain('disabled');
      expectFailure(await run(click, { target: '#aria' }), 'not_interactive');
      expectFailure(await run(click, { target: '#nothing' }), 'not_found');
      expectFailure(await run(click, {}), 'invalid_arguments');
    });

    it('reports a URL change caused by the click', async () => {
      mount('<a id="link" href="/somewhere">Somewhere</a>');
      const start = location.href;
      $('#link').addEventListener('click', (event) => {
        event.preventDefault();
        history.pushState(null, '', '/routed-by-click');
      });
      const result = expectOk(await run(click, { target: '#link' }));
      expect(result.navigation?.from).to.equal(start);
      expect(result.navigation?.to).to.contain('/routed-by-click');
      history.pushState(null, '', start);
    });

    it('moves the cursor guide to the target before clicking', async () => {
      mount('<button id="go">Go</button>');
      const order: string[] = [];
      $('#go').addEventListener('click', () => order.push('click'));
      const cursor = { moveTo: async (el: Element) => void order.push(`cursor:${el.id}`) };
      expectOk(await click.run({ target: '#go' }, context({ cursor })));
      expect(order).to.deep.equal(['cursor:go', 'click']);
    });
  });

  it('double_click sends two clicks and a dblclick', async () => {
    mount('<div id="cell" style="width:80px;height:30px">Cell</div>');
    const seen = record($('#cell'), ['click', 'dblclick']);
    let detail = 0;
    $('#cell').addEventListener('dblclick', (event) => (detail = event.detail));
    expectOk(await run(doubleClick, { target: '#cell' }));
    expect(seen).to.deep.equal(['click', 'click', 'dblclick']);
    expect(detail).to.equal(2);
  });

  it('long_press holds the pointer down for the duration and can be cancelled', async () => {
    mount('<div id="handle" style="width:80px;height:30px">Hold</div>');
    const times: Record<string, number> = {};
    for (const type of ['pointerdown', 'pointerup']) $('#handle').addEventListener(type, () => (times[type] = performance.now()));
    expectOk(await run(longPress, { target: '#handle', durationMs: 150 }));
    expect(times.pointerup! - times.pointerdown!).to.be.at.least(140);

    const controller = new AbortController();
    setTimeout(() => controller.abort(), 30);
    delete times.pointerup;
    expectFailure(await longPress.run({ target: '#handle', durationMs: 3000 }, context({ signal: controller.signal })), 'cancelled');
    expect(times.pointerup, 'released after cancel').to.be.a('number');
  });

  it('hover fires pointerover, mouseover and moves', async () => {
    mount('<nav id="menu" style="width:80px;height:30px">Menu</nav>');
    const seen = record($('#menu'), ['pointerover', 'mouseover', 'mouseenter', 'mousemove']);
    expectOk(await run(hover, { target: '#menu' }));
    expect(seen).to.include.members(['pointerover', 'mouseover', 'mouseenter', 'mousemove']);
  });

  describe('drag', () => {
    it('moves with pointer events by an offset', async () => {
      mount('<div id="knob" style="position:absolute;left:20px;top:20px;width:20px;height:20px;background:red"></div>');
      const moves: number[] = [];
      let up: { x: number; y: number } | undefined;
      document.addEventListener('pointermove', (event) => moves.push(event.clientX));
      document.addEventListener('pointerup', (event) => (up = { x: event.clientX, y: event.clientY }), { once: true });
      const result = expectOk(await run(drag, { from: '#knob', offsetX: 100, offsetY: 0 }));
      expect(result.data).to.deep.equal({ html5: false });
      expect(moves.length).to.be.at.least(4);
      expect(up?.x).to.be.closeTo(130, 1);
    });

    it('runs HTML drag and drop when the source is draggable and the zone accepts it', async () => {
      mount(`<div id="card" draggable="true" style="width:60px;height:30px">Card</div>
        <div id="zone" style="width:200px;height:80px;margin-top:20px;background:#eee">Drop here</div>
        <div id="nozone" style="width:200px;height:80px;background:#ddd">Not a zone</div>`);
      let dropped = '';
      $('#card').addEventListener('dragstart', (event) => event.dataTransfer!.setData('text/plain', 'card-1'));
      $('#zone').addEventListener('dragover', (event) => event.preventDefault());
      $('#zone').addEventListener('drop', (event) => (dropped = event.dataTransfer!.getData('text/plain')));
      const result = expectOk(await run(drag, { from: '#card', to: '#zone' }));
      expect(result.data).to.deep.equal({ html5: true, dropped: true });
      expect(dropped).to.equal('card-1');
      expectFailure(await run(drag, { from: '#card', to: '#nozone' }), 'not_interactive');
    });
  });
});
