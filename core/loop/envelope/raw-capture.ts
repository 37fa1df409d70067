/**
 * Collects the raw text of one value that may span many pieces of a stream: the pieces it covers are
 * kept until the value ends, then joined once, so a long value costs linear time and nothing is kept
 * after it.
 */
export class RawCapture {
  private parts: string[] = [];
  /** Where the value continues in the current piece; -1 while nothing is being captured. */
  private from = -1;

  get active(): boolean {
    return this.from >= 0;
  }

  begin(offset: number): void {
    this.parts = [];
    this.from = offset;
  }

  /** The current piece is over: keep what the value has of it and continue at the start of the next. */
  carry(piece: string): void {
    if (this.from < 0) return;
    if (this.from < piece.length) this.parts.push(this.from === 0 ? piece : piece.slice(this.from));
    this.from = 0;
  }

  /** The value ended just before `offset` in the current piece: its whole raw text. */
  end(piece: string, offset: number): string {
    if (this.from < 0) return '';
    const tail = piece.slice(this.from, offset);
    const text = this.parts.length === 0 ? tail : this.parts.join('') + tail;
    this.parts = [];
    this.from = -1;
    return text;
  }

  drop(): void {
    this.parts = [];
    this.from = -1;
  }
}
