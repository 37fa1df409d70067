import { sendKeys } from '@web/test-runner-commands';
import { createDddk, type DddkConfig, type DddkController } from '../../../core/controller/create-dddk.js';
import { defineElements } from '../../../elements/define-elements.js';
import type { DddkSurface } from '../../../elements/surface/surface.js';

defineElements();

const created: DddkController[] = [];

export function controller(config: DddkConfig = {}): DddkController {
  const dddk = createDddk({ locale: 'en', ...config });
  created.push(dddk);
  return dddk;
}

export function cleanUp(): void {
  for (const dddk of created.splice(0)) dddk.destroy();
  for (const node of document.querySelectorAll('dddk-placements, dddk-subtitle, dddk-palette, [data-skills-fixture]')) node.remove();
  sessionStorage.removeItem('dddk.skills.run');
  for (const key of Object.keys(localStorage)) if (key.startsWith('dddk.skills.')) localStorage.removeItem(key);
}

/** Resolves when `predicate` holds, polling every 20 ms; fails after `timeout` ms naming `what`. */
export async function until(predicate: () => boolean, what: string, timeout = 3000): Promise<void> {
  const start = performance.now();
  while (!predicate()) {
    if (performance.now() - start > timeout) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The form shown in the modal placement now, if any. */
export function modalSurface(): DddkSurface | undefined {
  for (const host of document.querySelectorAll('dddk-placements')) {
    const found = host.shadowRoot?.querySelector<DddkSurface>('[part~="slot-modal"] dddk-surface');
    if (found?.shadowRoot?.querySelector('[part~="piece"]')) return found;
  }
  return undefined;
}

/** The form a skill shows in a dialog, once it is drawn. */
export async function modal(): Promise<DddkSurface> {
  await until(() => modalSurface() !== undefined, 'a form in the modal placement');
  const surface = modalSurface()!;
  await surface.updateComplete;
  return surface;
}

export function fields(surface: DddkSurface): HTMLInputElement[] {
  return [...surface.shadowRoot!.querySelectorAll<HTMLInputElement>('[part~="piece-text-field"] input')];
}

/** Types into a field as the visitor does: focus, select what is there, real keys. */
export async function typeInto(input: HTMLInputElement, text: string): Promise<void> {
  input.focus();
  input.select();
  await sendKeys({ press: 'Backspace' });
  await sendKeys({ type: text });
}

export function button(surface: DddkSurface, text: string): HTMLButtonElement {
  const found = [...surface.shadowRoot!.querySelectorAll<HTMLButtonElement>('button')].find((candidate) => candidate.textContent?.trim() === text);
  if (!found) throw new Error(`no button "${text}" in the form`);
  return found;
}

export function alerts(surface: DddkSurface): string[] {
  return [...surface.shadowRoot!.querySelectorAll('[part~="piece-alert"]')].map((alert) => alert.textContent?.replace(/\s+/g, ' ').trim() ?? '');
}
