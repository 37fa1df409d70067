/** Shared pieces of the region editor's browser tests: a page with regions, the mock model, the editor's parts. */
import { openAICompatible, type LLMProvider } from '../../../core/llm/index.js';
import type { DddkRegionEditor } from '../../../elements/region-editor/region-editor.js';
import { mockLLM, type MockLLMClient, type MockTurn } from '../../support/mock-llm/browser-client.js';

export const ARTICLE = [
  '<article id="page">',
  '<h1 data-agent-element="title" data-agent-role="region" data-agent-label="Page title">Spring launch</h1>',
  '<div data-agent-element="lede" data-agent-role="region" data-agent-label="Intro <img src=x onerror=alert(1)>"><p>Old words stay here.</p></div>',
  '<p id="outside">Not a region: <a href="/pricing">pricing</a>.</p>',
  '<footer data-agent-element="footnote" data-agent-label="Footnote"><p>Ships in May.</p></footer>',
  '</article>',
].join('');

let counter = 0;
export function scenario(name: string): string {
  return `region-editor-${name}-${Date.now()}-${++counter}`;
}

let client: Promise<MockLLMClient> | undefined;
export function mock(): Promise<MockLLMClient> {
  return (client ??= mockLLM());
}

export function provider(mockClient: MockLLMClient, id: string): LLMProvider {
  return openAICompatible({
    baseURL: mockClient.openAIBaseURL(id),
    apiKey: 'browser-key',
    model: 'gpt-4o-mini',
    maxRetries: 0,
    connectTimeoutMs: 3_000,
    idleTimeoutMs: 4_000,
  });
}

/** A `replace_part` call as a model would stream it. */
export function replacePart(id: string, content: string, shape: Partial<MockTurn> = {}): MockTurn {
  return { toolCalls: [{ id: `call_${id}`, name: 'replace_part', arguments: { id, content } }], deltaSize: 6, ...shape };
}

/** How many SSE events carry the arguments up to and including `marker` (role chunk, call header, then one per delta). */
export function eventsThrough(turn: MockTurn, marker: string): number {
  const args = turn.toolCalls?.[0]?.arguments;
  const text = typeof args === 'string' ? args : JSON.stringify(args);
  const at = text.indexOf(marker);
  if (at < 0) throw new Error(`eventsThrough: ${JSON.stringify(marker)} is not in the turn`);
  return 2 + Math.ceil((at + marker.length) / (turn.deltaSize ?? 6));
}

export function part<T extends HTMLElement = HTMLElement>(element: DddkRegionEditor, name: string): T | null {
  return element.shadowRoot!.querySelector<T>(`[part~="${name}"]`);
}

export function text(element: DddkRegionEditor, name: string): string {
  return part(element, name)?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
}

export function click(element: DddkRegionEditor, name: string): void {
  const button = part<HTMLButtonElement>(element, name);
  if (!button) throw new Error(`no [part~="${name}"] in the editor`);
  button.click();
}

/** Types into a field of the editor the way input events report it. */
export function type(element: DddkRegionEditor, name: string, value: string): void {
  const field = part<HTMLTextAreaElement | HTMLInputElement>(element, name);
  if (!field) throw new Error(`no [part~="${name}"] in the editor`);
  field.value = value;
  field.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
}

export function region(root: ParentNode, id: string): HTMLElement {
  const found = [...root.querySelectorAll<HTMLElement>('[data-agent-element]')].find((candidate) => candidate.dataset.agentElement === id);
  if (!found) throw new Error(`no region ${id}`);
  return found;
}

/** The page's markup with one region's children swapped for `content`: what an edit of that region alone gives. */
export function withRegion(pageHtml: string, id: string, content: string): string {
  const template = document.createElement('template');
  template.innerHTML = pageHtml;
  region(template.content, id).innerHTML = content;
  return template.innerHTML;
}
