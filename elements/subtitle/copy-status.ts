import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { SubtitleView } from '../../core/subtitle/subtitle.connect.js';

const STATUS_MS = 2000;

/** The message's Copy button: puts the text on the clipboard and says for a moment whether that worked. */
export class CopyStatus implements ReactiveController {
  /** The outcome of the last copy, for the text it copied, while its status shows. */
  private outcome: { text: string; copied: boolean } | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly element: ReactiveControllerHost) {
    element.addController(this);
  }

  hostDisconnected(): void {
    clearTimeout(this.timer);
  }

  /** What the status says for `text`: copied, refused, or nothing (no recent copy of that text). */
  outcomeFor(text: string): boolean | undefined {
    return this.outcome?.text === text ? this.outcome.copied : undefined;
  }

  async copy(view: SubtitleView): Promise<void> {
    const text = view.text;
    let copied = true;
    try {
      // Absent outside secure contexts (an http page); that counts as a refusal.
      await navigator.clipboard.writeText(text);
    } catch {
      copied = false;
    }
    if (copied) view.act('copy');
    this.outcome = { text, copied };
    this.element.requestUpdate();
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.outcome = undefined;
      this.element.requestUpdate();
    }, STATUS_MS);
  }
}
