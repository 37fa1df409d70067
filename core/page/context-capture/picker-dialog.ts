/** The parts every on-page picker draws: a full-viewport modal dialog in a shadow root of its own. */
export interface PickerDialog {
  /** The element added to the page (marked so that html2canvas leaves it out of captures). */
  host: HTMLElement;
  /** The host's shadow root, where the dialog lives. */
  root: ShadowRoot;
  dialog: HTMLDialogElement;
  /** The layer that takes the pointer. */
  surface: HTMLDivElement;
  /** The outline of what is being picked. */
  frame: HTMLDivElement;
  /** The instructions, which describe the dialog. */
  hint: HTMLParagraphElement;
}

/** Builds a picker's dialog under `tag`; the caller appends its own extra parts and shows it. */
export function createPickerDialog(tag: string, css: string, label: string, instructions: string, extras: readonly HTMLElement[] = []): PickerDialog {
  const host = document.createElement(tag);
  host.setAttribute('data-html2canvas-ignore', '');
  const root = host.attachShadow({ mode: 'open' });
  const style = document.createElement('style');
  style.textContent = css;
  const dialog = document.createElement('dialog');
  dialog.tabIndex = -1;
  dialog.setAttribute('aria-label', label);
  dialog.setAttribute('aria-describedby', 'hint');
  const surface = document.createElement('div');
  surface.className = 'surface';
  const frame = document.createElement('div');
  frame.className = 'frame';
  frame.setAttribute('aria-hidden', 'true');
  const hint = document.createElement('p');
  hint.id = 'hint';
  hint.className = 'hint';
  hint.textContent = instructions;
  dialog.append(surface, frame, ...extras, hint);
  root.append(style, dialog);
  return { host, root, dialog, surface, frame, hint };
}
