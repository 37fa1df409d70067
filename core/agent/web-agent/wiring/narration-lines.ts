/**
 * The agent's narration in the subtitle bar: deltas stream into the current line, and each new
 * action's narration starts a fresh line.
 */
import type { SubtitleModel } from '../../../subtitle/subtitle.types.js';

export class NarrationLines {
  private lineKey: string | undefined;

  constructor(private readonly subtitle: SubtitleModel) {}

  /** `key` names the line: one per action (or per turn for classic free text). */
  delta(key: string, text: string): void {
    if (text === '') return;
    if (key !== this.lineKey) {
      this.subtitle.finalize();
      this.lineKey = key;
      this.subtitle.append(text);
      return;
    }
    this.subtitle.append(text);
  }

  /** The line is complete; a narration that arrived whole (no deltas) is shown now. */
  complete(key: string, text: string): void {
    if (key !== this.lineKey && text !== '') this.delta(key, text);
    if (key === this.lineKey) this.subtitle.finalize();
  }

  /** The next narration starts a new line whatever its key (a new run). */
  reset(): void {
    this.lineKey = undefined;
    this.subtitle.finalize();
  }
}
