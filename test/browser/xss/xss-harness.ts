// Browser-side tools for the XSS sweeps: the corpus, a canary that counts any script that ran, and a
// deep scan of shadow roots for markup that could run script later.

const CORPUS_PATH = '/__corpus/xss.json';

export async function loadXssCorpus(): Promise<string[]> {
  const response = await fetch(CORPUS_PATH);
  if (!response.ok) throw new Error(`${CORPUS_PATH} answered ${response.status}; is xssCorpusPlugin in web-test-runner.config.mjs?`);
  return (await response.json()) as string[];
}

export interface Canary {
  /** How many times a payload reached one of the trapped globals. */
  readonly calls: string[];
  restore(): void;
}

// The corpus fires through these; a payload that runs at all reaches one of them.
const TRAPPED = ['alert', 'prompt', 'confirm', 'print'] as const;

export function installCanary(): Canary {
  const calls: string[] = [];
  const originals = TRAPPED.map((name) => [name, window[name]] as const);
  for (const name of TRAPPED) {
    (window as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => {
      calls.push(`${name}(${args.map(String).join(', ')})`);
      return name === 'confirm' ? false : null;
    };
  }
  return {
    calls,
    restore() {
      for (const [name, original] of originals) (window as unknown as Record<string, unknown>)[name] = original;
    },
  };
}

const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'xlink:href', 'srcdoc', 'data', 'poster', 'background']);

/** Every `on*` attribute and every script-capable URL in `root` and in every shadow root below it. */
export function findUnsafeMarkup(root: ParentNode): string[] {
  const found: string[] = [];
  const visit = (scope: ParentNode) => {
    for (const element of scope.querySelectorAll('*')) {
      if (element.localName === 'script') found.push(`<script> in ${describe(element)}`);
      for (const attribute of element.attributes) {
        const name = attribute.name.toLowerCase();
        if (name.startsWith('on')) found.push(`${name} on ${describe(element)}`);
        // Browsers ignore ASCII whitespace and control characters inside a scheme.
        const value = attribute.value.replace(/[\u0000-\u0020]/g, '').toLowerCase();
        if (URL_ATTRIBUTES.has(name) && /^(?:javascript|vbscript|data:text\/html)/.test(value)) found.push(`${name}="${attribute.value}" on ${describe(element)}`);
      }
      if (element.shadowRoot) visit(element.shadowRoot);
      if (element instanceof HTMLTemplateElement) visit(element.content);
    }
  };
  visit(root);
  if (root instanceof Element && root.shadowRoot) visit(root.shadowRoot);
  return found;
}

function describe(element: Element): string {
  return `<${element.localName}${element.id ? `#${element.id}` : ''}>`;
}

/**
 * Waits long enough for a broken image's onerror or an autofocus handler to have fired. Timers only:
 * the runner keeps one of its two pages in the background, where animation frames never come.
 */
export async function settle(ms = 50): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, ms));
}
