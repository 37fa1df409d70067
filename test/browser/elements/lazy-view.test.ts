import { expect } from '@open-wc/testing';
import { html, type ReactiveControllerHost } from 'lit';
import { lazyModule, type LazyModule } from '../../../core/util/lazy-module.js';
import { DddkElement } from '../../../elements/internal/dddk-element.js';
import { LazyView, type ViewPart } from '../../../elements/internal/lazy-view.js';

class Part implements ViewPart {
  connected = 0;
  updates = 0;
  constructor(readonly label: string) {}
  hostConnected(): void {
    this.connected++;
  }
  hostUpdate(): void {
    this.updates++;
  }
  render() {
    return html`<p class="part">${this.label}</p>`;
  }
}

interface PartModule {
  label: string;
}

let nextModule: LazyModule<PartModule>;
let failures: unknown[] = [];

class LazyHost extends DddkElement {
  readonly view = new LazyView<PartModule, Part>(this, nextModule, {
    create: (module: PartModule, _host: ReactiveControllerHost) => new Part(module.label),
    onError: (error) => failures.push(error),
  });

  protected override render() {
    return html`<span class="always">live</span>${this.view.render(html`<i class="pending">…</i>`)}`;
  }
}
customElements.define('test-lazy-host', LazyHost);

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

describe('LazyView', () => {
  beforeEach(() => {
    failures = [];
  });

  it('creates the part once, makes it a controller of the host and re-renders with it', async () => {
    const gate = deferred<PartModule>();
    nextModule = lazyModule('the test part', () => gate.promise);
    const element = document.createElement('test-lazy-host') as LazyHost;
    document.body.append(element);
    await new Promise((resolve) => setTimeout(resolve));
    expect(element.shadowRoot!.querySelector('.pending')).to.exist;
    expect(element.view.peek()).to.equal(undefined);
    let completed = false;
    const complete = element.updateComplete.then(() => (completed = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(completed, 'updateComplete waits for the part').to.equal(false);
    gate.resolve({ label: 'loaded part' });
    await complete;
    expect(element.shadowRoot!.querySelector('.part')?.textContent).to.equal('loaded part');
    const part = element.view.peek()!;
    expect(part.connected).to.equal(1);
    element.requestUpdate();
    await element.updateComplete;
    expect(part.updates).to.be.greaterThan(0);
    expect(element.view.get()).to.equal(part);
    element.remove();
  });

  it('a failed load is reported once, keeps the rest of the element, and a later render tries again', async () => {
    let attempts = 0;
    nextModule = lazyModule('the test part', async () => {
      attempts++;
      if (attempts < 3) throw new Error('offline');
      return { label: 'third time' };
    });
    const element = document.createElement('test-lazy-host') as LazyHost;
    document.body.append(element);
    await element.updateComplete;
    expect(element.shadowRoot!.querySelector('.always')).to.exist;
    expect(element.view.loadFailed).to.equal(true);
    element.requestUpdate();
    await element.updateComplete;
    expect(failures.length, 'reported once').to.equal(1);
    expect(String((failures[0] as Error).message)).to.match(/could not load the test part.*chunks\/ folder/);
    element.requestUpdate();
    await element.updateComplete;
    expect(attempts).to.equal(3);
    expect(element.shadowRoot!.querySelector('.part')?.textContent).to.equal('third time');
    element.remove();
  });

  it('a second element renders a loaded part at once', async () => {
    nextModule = lazyModule('the test part', async () => ({ label: 'shared' }));
    await nextModule.load();
    const element = document.createElement('test-lazy-host') as LazyHost;
    document.body.append(element);
    await new Promise((resolve) => setTimeout(resolve));
    expect(element.shadowRoot!.querySelector('.part')?.textContent).to.equal('shared');
    element.remove();
  });
});
