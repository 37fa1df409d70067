// Opens a stored document as a top-level page in Chromium and reports every sign that it could run
// script: trapped globals called, handler attributes or script elements in the tree (closed shadow
// roots and template contents included), script-capable URLs, and requests other than the page.
import type { Browser, CDPSession, HTTPRequest, Page } from 'puppeteer-core';

/** The page's own address (with a query of its own per document); nothing else is ever answered. */
export const STORED_PAGE_URL = 'http://stored-region.test/page';

export interface PageFindings {
  /** Calls of alert/confirm/prompt/print/__trap, script elements or handlers seen while the page ran. */
  readonly fired: string[];
  /** Handler attributes, script elements and script URLs in the final tree. */
  readonly unsafe: string[];
  /** Requests for anything but the page, by resource type (each was failed). */
  readonly requests: Array<{ readonly type: string; readonly url: string }>;
  /** Navigations the page started (each was cancelled). */
  readonly navigations: string[];
}

// Page-side scripts are plain source text: the test runner's transform wraps named functions in a
// helper the page does not have.

// Installed before any of the page's own parsing. Every finding goes out through a binding at once,
// so a script that ran cannot take it back.
const INIT_SCRIPT = `(() => {
  const report = window.__storedPageReport;
  const say = (text) => void report(text);
  for (const name of ['alert', 'confirm', 'prompt', 'print', '__trap']) {
    const trap = (...args) => {
      say('fired ' + name + '(' + args.map(String).join(', ').slice(0, 80) + ')');
      return name === 'confirm' ? false : null;
    };
    Object.defineProperty(window, name, { value: trap, writable: false, configurable: false });
  }
  const scriptUrl = (value) => value !== null && /^(?:javascript|vbscript):/i.test(value.replace(/[\\u0000-\\u0020]/g, ''));
  const inspect = (node) => {
    if (!(node instanceof Element)) return;
    if (node.localName === 'script') say('fired <script> inserted: ' + node.outerHTML.slice(0, 80));
    for (const attr of node.attributes) if (attr.name.toLowerCase().startsWith('on')) say('fired ' + attr.name + ' on <' + node.localName + '>');
  };
  new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'attributes') inspect(record.target);
      for (const node of record.addedNodes) inspect(node);
    }
  }).observe(document, { subtree: true, childList: true, attributes: true });
  // Nothing leaves the page: a link's target is read as the browser resolved it, then the click's default is cancelled.
  addEventListener('click', (event) => {
    for (const target of event.composedPath()) {
      const href = target instanceof HTMLAnchorElement || target instanceof HTMLAreaElement ? target.href : target instanceof SVGAElement ? target.href.animVal : null;
      if (scriptUrl(href)) say('fired click on a ' + href.slice(0, 40) + ' link');
    }
    event.preventDefault();
  }, true);
  addEventListener('submit', (event) => {
    say('navigated by a form submission');
    event.preventDefault();
  }, true);
  window.navigation?.addEventListener('navigate', (event) => {
    say('navigated to ' + event.destination.url);
    if (event.cancelable) event.preventDefault();
  });
})();`;

// After load: every element (open shadow roots too) and the window receive the events handlers are usually bound to.
const DISPATCH_EVENTS = `(async () => {
  const types = ['load', 'error', 'mouseover', 'mouseenter', 'focus', 'focusin', 'blur', 'click', 'pointerdown', 'toggle', 'animationstart', 'transitionend'];
  const elements = [];
  const visit = (root) => {
    for (const element of root.querySelectorAll('*')) {
      elements.push(element);
      if (element.shadowRoot) visit(element.shadowRoot);
    }
  };
  visit(document);
  for (const target of [...elements, window]) {
    for (const type of types) {
      const init = { bubbles: true, cancelable: true, composed: true };
      target.dispatchEvent(type.startsWith('mouse') || type === 'click' ? new MouseEvent(type, init) : new Event(type, init));
    }
  }
  await new Promise((resolve) => setTimeout(resolve, 0));
})()`;

interface DomNode {
  nodeName: string;
  localName?: string;
  attributes?: string[];
  children?: DomNode[];
  shadowRoots?: DomNode[];
  templateContent?: DomNode;
  contentDocument?: DomNode;
}

const URL_ATTRIBUTES = new Set(['href', 'xlink:href', 'src', 'action', 'formaction', 'data', 'poster', 'background', 'srcdoc']);

/** Everything in the tree as Chromium holds it that could run script. */
function unsafeNodes(root: DomNode): string[] {
  const found: string[] = [];
  const pending = [root];
  while (pending.length > 0) {
    const node = pending.pop()!;
    const name = node.localName ?? node.nodeName.toLowerCase();
    if (name === 'script') found.push('a <script> element');
    const attributes = node.attributes ?? [];
    for (let index = 0; index < attributes.length; index += 2) {
      const attr = attributes[index]!.toLowerCase();
      const value = attributes[index + 1]!;
      if (attr.startsWith('on')) found.push(`${attr} on <${name}>`);
      if (URL_ATTRIBUTES.has(attr)) {
        let protocol = '';
        try {
          protocol = new URL(value, STORED_PAGE_URL).protocol;
        } catch {
          // Not a URL at all: nothing to follow.
        }
        if (protocol === 'javascript:' || protocol === 'vbscript:' || (protocol === 'data:' && attr !== 'src')) found.push(`${attr}=${JSON.stringify(value.slice(0, 60))} on <${name}>`);
      }
    }
    pending.push(...(node.children ?? []), ...(node.shadowRoots ?? []));
    if (node.templateContent) pending.push(node.templateContent);
    if (node.contentDocument) pending.push(node.contentDocument);
  }
  return found;
}

/** One tab that opens stored documents one after another. */
export interface StoredPageProbe {
  open(html: string): Promise<PageFindings>;
  close(): Promise<void>;
}

export async function createStoredPageProbe(browser: Browser): Promise<StoredPageProbe> {
  const page: Page = await browser.newPage();
  const cdp: CDPSession = await page.createCDPSession();
  let current: { url: string; html: string; findings: PageFindings } | undefined;
  let opened = 0;
  await page.exposeFunction('__storedPageReport', (text: string) => {
    if (!current) return;
    if (text.startsWith('navigated')) current.findings.navigations.push(text);
    else current.findings.fired.push(text);
  });
  await page.evaluateOnNewDocument(INIT_SCRIPT);
  await page.setRequestInterception(true);
  page.on('request', (request: HTTPRequest) => {
    if (current && request.isNavigationRequest() && request.frame() === page.mainFrame() && request.url() === current.url) {
      void request.respond({ status: 200, contentType: 'text/html; charset=utf-8', body: current.html });
      return;
    }
    // The browser's own favicon request is not the page's doing.
    if (new URL(request.url()).pathname !== '/favicon.ico') current?.findings.requests.push({ type: request.resourceType(), url: request.url().slice(0, 100) });
    void request.abort('failed');
  });
  return {
    async open(html) {
      // An address of its own per document, so a late request of the page before is never answered with this one.
      const url = `${STORED_PAGE_URL}?${++opened}`;
      current = { url, html, findings: { fired: [], unsafe: [], requests: [], navigations: [] } };
      const findings = current.findings;
      try {
        await page.goto(url, { waitUntil: 'load', timeout: 15_000 });
      } catch (error) {
        throw new Error(`opening ${JSON.stringify(html.slice(0, 300))} failed (${String(error)}); findings so far: ${JSON.stringify(findings)}`);
      }
      await page.evaluate(DISPATCH_EVENTS);
      const { root } = (await cdp.send('DOM.getDocument', { depth: -1, pierce: true })) as { root: DomNode };
      findings.unsafe.push(...unsafeNodes(root));
      // A round trip after the events, so every report sent meanwhile has arrived.
      await page.evaluate('new Promise((resolve) => setTimeout(resolve, 0))');
      current = undefined;
      return findings;
    },
    async close() {
      await page.close();
    },
  };
}
