/** What the modal dialog asks of its `<dddk-palette>`. */
export interface PaletteDialogHost {
  readonly renderRoot: HTMLElement | DocumentFragment;
  readonly inline: boolean;
  /** Whether the palette's model is open. */
  readonly isOpen: boolean;
  close(): void;
}

/**
 * The modal palette's `<dialog>`: shown with `showModal()`, closed with the model, shut for a while
 * when the chip bar's pickers need the page (a modal dialog makes the page inert), and its own
 * cancel, close and backdrop click turned into the model's close.
 */
export class PaletteDialog {
  /** True while the modal is shut so the visitor can pick an element or drag an area on the page. */
  private steppedAside = false;

  constructor(private readonly host: PaletteDialogHost) {}

  get element(): HTMLDialogElement | null {
    return this.host.renderRoot.querySelector('dialog');
  }

  /** Shows the dialog when there is one and it is shut; false when the browser refused. */
  show(verb: 'open' | 'reopen' = 'open'): boolean {
    const dialog = this.element;
    if (!dialog || dialog.open) return true;
    try {
      dialog.showModal();
      return true;
    } catch (error) {
      console.error(`dddk: <dddk-palette> could not ${verb} its dialog`, error);
      return false;
    }
  }

  /** Closes the dialog; false when there was none open. */
  hide(): boolean {
    const dialog = this.element;
    if (!dialog?.open) return false;
    dialog.close();
    return true;
  }

  readonly onCancel = (event: Event): void => {
    event.preventDefault();
    this.host.close();
  };

  // The dialog closed by other means (e.g. a form with method="dialog"): bring the model along.
  readonly onClose = (): void => {
    if (this.steppedAside) return;
    if (this.host.isOpen) this.host.close();
  };

  /** A click on the backdrop lands on the dialog itself, never on the panel inside it. */
  readonly onClick = (event: MouseEvent): void => {
    if (event.composedPath()[0] === this.element) this.host.close();
  };

  /** A picker of the chip bar starts: the modal shuts so the page under it is live. */
  readonly stepAside = (): void => {
    if (this.host.inline || !this.element?.open) return;
    this.steppedAside = true;
    this.element.close();
  };

  /** The picker is done: the modal comes back if the palette is still open; true when it did. */
  stepBack(): boolean {
    if (!this.steppedAside) return false;
    this.steppedAside = false;
    const dialog = this.element;
    if (!dialog || dialog.open || !this.host.isOpen) return false;
    return this.show('reopen');
  }
}
