/**
 * Which tool call a Chat Completions fragment belongs to. OpenAI numbers every fragment with `index`;
 * Gemini's OpenAI-compatible endpoint sends none, often the whole call in one fragment with its
 * `id`. Without an index, an `id` not seen before starts a new call (two parallel calls stay two),
 * a known `id` continues its call, and a fragment with neither continues the last call.
 */
export class ToolCallSlots {
  private readonly byId = new Map<string, number>();
  private last: number | undefined;
  private next = 0;

  /** The index to file the fragment under; an invalid `index` is passed on for the assembler to refuse. */
  slot(index: unknown, id: string | undefined): unknown {
    if (index !== undefined && index !== null) {
      if (typeof index === 'number' && Number.isInteger(index) && index >= 0) this.claim(index, id);
      return index;
    }
    if (id) {
      const known = this.byId.get(id);
      if (known !== undefined) return this.claim(known, id);
      return this.claim(this.next, id);
    }
    return this.claim(this.last ?? this.next, undefined);
  }

  private claim(index: number, id: string | undefined): number {
    if (id && !this.byId.has(id)) this.byId.set(id, index);
    this.last = index;
    this.next = Math.max(this.next, index + 1);
    return index;
  }
}
