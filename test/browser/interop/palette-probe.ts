// Reads and drives a <dddk-palette> through its shadow root, the way a user would: the listed
// options, typing into the field, Enter.
import type { DddkController } from '../../../core/controller/create-dddk.js';
import { DddkPalette } from '../../../elements/palette/palette.js';

/** Whether the palette takes host items yet; tests of items wait for it. */
export const paletteTakesItems = 'items' in DddkPalette.prototype;

export const ORCHARD_ITEMS = [
  { id: 'pricing', name: 'Pricing', description: 'Plans and prices', section: 'Pages', keywords: ['plans', 'cost'], actions: [{ kind: 'navigate', path: '/pricing' }] },
  { id: 'docs', name: 'Docs', description: 'Guides and the API', section: 'Pages', keywords: ['help'], actions: [{ kind: 'navigate', path: '/docs' }] },
  { id: 'contact', name: 'Contact sales', section: 'Pages', keywords: ['email', 'demo'], actions: [{ kind: 'navigate', path: '/contact' }] },
  { id: 'copy-email', name: 'Copy the sales email', section: 'Actions', actions: [{ kind: 'copy', text: 'sales@orchard.example' }] },
  { id: 'tour', name: 'Ask for a tour', section: 'Actions', keywords: ['overview'], actions: [{ kind: 'agent-task', task: 'Give me a short tour.' }] },
];

export const NEW_ITEMS = [
  { id: 'changelog', name: 'Changelog', section: 'Pages', actions: [{ kind: 'navigate', path: '/changelog' }] },
  { id: 'status', name: 'Service status', section: 'Pages', actions: [{ kind: 'open-url', url: 'https://status.example' }] },
];

/** A text that no item matches, so Enter hands it to the agent. */
export const FREE_TEXT = 'zzqx how do reminders work';

export function paletteIn(container: Element): DddkPalette {
  const palette = container.querySelector('dddk-palette');
  if (!(palette instanceof DddkPalette)) throw new Error('no upgraded <dddk-palette> in the container');
  return palette;
}

/** The names of the listed items (the row that hands the text to the agent left out). */
export function listedNames(palette: DddkPalette): string[] {
  const options = [...palette.shadowRoot!.querySelectorAll<HTMLElement>('[role="option"]')];
  return options
    .map((option) => (option.querySelector('[part~="option-name"]') ?? option).textContent!.replace(/\s+/g, ' ').trim())
    .filter((text) => !/^Ask the agent/i.test(text));
}

export async function typeInto(palette: DddkPalette, text: string): Promise<void> {
  const input = palette.shadowRoot!.querySelector('input')!;
  input.focus();
  input.value = text;
  input.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true, data: text, inputType: 'insertText' }));
  await palette.updateComplete;
}

export async function pressEnter(palette: DddkPalette): Promise<void> {
  const input = palette.shadowRoot!.querySelector('input')!;
  input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', code: 'Enter', bubbles: true, composed: true, cancelable: true }));
  await palette.updateComplete;
}

/** Replaces `startAgent` so the test sees every task the palette hands over, without running an agent. */
export function recordTasks(controller: DddkController): string[] {
  const tasks: string[] = [];
  (controller as { startAgent: DddkController['startAgent'] }).startAgent = (task) => {
    tasks.push(task);
    return undefined as unknown as ReturnType<DddkController['startAgent']>;
  };
  return tasks;
}
