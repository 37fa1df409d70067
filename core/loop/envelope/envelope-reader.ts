/**
 * Turns the scanner's value boundaries into envelope events. It tracks three levels only: the envelope
 * object, its `actions` array, and each action object; everything deeper is cut out as raw text and
 * parsed once it closes. What it keeps at any time: the raw text of the current top-level value or
 * action (and of the action's `about`), and the narration decoded so far.
 */
import { OBJECT_VALUE, STRING_VALUE, TOP_LEVEL, UNTRACKED, ARRAY_VALUE, type JsonScanHandler, type ValueKind } from './json-scanner.js';
import { RawCapture } from './raw-capture.js';
import type { EnvelopeEvent, EnvelopeKey } from './types.js';
import { aboutIds, actionEvent, duplicateActionKeyEvent, duplicateFieldEvent, fieldEvent, isEnvelopeKey } from './validate.js';

const ENVELOPE = 1;
const ACTIONS = 2;
const ACTION = 3;
const STREAM_TEXT = 1;

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

export class EnvelopeReader implements JsonScanHandler {
  /** Where events go; the parser points it at the array it returns from each `feed`. */
  out: EnvelopeEvent[] = [];
  private piece = '';

  private topKey = '';
  /** The known key whose value is being captured, or undefined when the current value is skipped. */
  private capturedKey: EnvelopeKey | undefined;
  private readonly seenKeys = new Set<string>();
  private readonly topValue = new RawCapture();

  private actionCount = 0;
  /** Index of the action still open, or -1. */
  private openAction = -1;
  private readonly actionValue = new RawCapture();
  private actionKey = '';
  private actionKeyRepeated = false;
  private readonly actionKeys = new Set<string>();
  /** The first key the open action repeats: the action is refused when it closes. */
  private duplicateKey: string | undefined;
  private readonly aboutValue = new RawCapture();

  private narrating = false;
  /** Decoded narration not yet emitted: held back while it ends in half a surrogate pair. */
  private narratePending = '';
  private narrateText = '';

  private envelopeClosed = false;
  /** Indexes of the actions reported as complete, i.e. handed to the loop to run. */
  readonly completedActions: number[] = [];

  get closed(): boolean {
    return this.envelopeClosed;
  }

  /** Starts a new piece of the stream; offsets from the scanner refer to it. */
  beginPiece(piece: string): void {
    this.piece = piece;
  }

  /** The piece is over: keep the parts of open values, and emit the narration decoded so far. */
  endPiece(): void {
    this.topValue.carry(this.piece);
    this.actionValue.carry(this.piece);
    this.aboutValue.carry(this.piece);
    if (this.narrating) this.flushNarration(false);
  }

  /** Streaming stopped: drop what was kept for values that will never close. */
  abandon(): void {
    this.topValue.drop();
    this.actionValue.drop();
    this.aboutValue.drop();
    this.narrating = false;
    this.narratePending = '';
    this.narrateText = '';
  }

  /** Where the text stopped, for a model-facing message about a cut-off stream. */
  describeOpenValue(): string {
    if (this.openAction >= 0) return `inside actions[${this.openAction}]`;
    if (this.topValue.active && this.capturedKey) return `inside the value of "${this.capturedKey}"`;
    return 'before the object closed';
  }

  valueStart(kind: ValueKind, offset: number, parentRole: number): number {
    switch (parentRole) {
      case TOP_LEVEL:
        return ENVELOPE;
      case ENVELOPE:
        return this.startTopValue(kind, offset);
      case ACTIONS:
        this.openAction = this.actionCount++;
        this.actionValue.begin(offset);
        this.actionKeys.clear();
        this.duplicateKey = undefined;
        this.out.push({ type: 'action_start', index: this.openAction });
        return kind === OBJECT_VALUE ? ACTION : UNTRACKED;
      case ACTION:
        return this.startActionField(kind, offset);
      default:
        return UNTRACKED;
    }
  }

  valueEnd(offset: number, parentRole: number): void {
    switch (parentRole) {
      case TOP_LEVEL:
        this.envelopeClosed = true;
        this.out.push({ type: 'envelope_complete' });
        return;
      case ENVELOPE:
        this.endTopValue(offset);
        return;
      case ACTIONS:
        this.endAction(offset);
        return;
      case ACTION:
        if (this.narrating) this.endNarration();
        else if (this.aboutValue.active) this.endAbout(offset);
        return;
    }
  }

  key(name: string, role: number): void {
    if (role === ENVELOPE) {
      this.topKey = name;
    } else if (role === ACTION) {
      this.actionKey = name;
      this.actionKeyRepeated = this.actionKeys.has(name);
      if (this.actionKeyRepeated) this.duplicateKey ??= name;
      else this.actionKeys.add(name);
    }
  }

  text(piece: string): void {
    this.narratePending += piece;
    this.narrateText += piece;
  }

  private startTopValue(kind: ValueKind, offset: number): number {
    const key = this.topKey;
    this.capturedKey = undefined;
    if (!isEnvelopeKey(key)) return UNTRACKED;
    if (this.seenKeys.has(key)) {
      this.out.push(duplicateFieldEvent(key));
      return UNTRACKED;
    }
    this.seenKeys.add(key);
    if (key === 'actions' && kind === ARRAY_VALUE) return ACTIONS;
    this.capturedKey = key;
    this.topValue.begin(offset);
    return UNTRACKED;
  }

  private endTopValue(offset: number): void {
    const key = this.capturedKey;
    if (!key || !this.topValue.active) return;
    this.capturedKey = undefined;
    const raw = this.topValue.end(this.piece, offset);
    this.out.push(fieldEvent(key, JSON.parse(raw)));
  }

  private startActionField(kind: ValueKind, offset: number): number {
    // A repeated key is reported when the action closes; its second value is not streamed.
    if (this.actionKeyRepeated) return UNTRACKED;
    if (this.actionKey === 'narrate' && kind === STRING_VALUE) {
      this.narrating = true;
      this.narratePending = '';
      this.narrateText = '';
      return STREAM_TEXT;
    }
    if (this.actionKey === 'about') this.aboutValue.begin(offset);
    return UNTRACKED;
  }

  private flushNarration(final: boolean): void {
    let delta = this.narratePending;
    this.narratePending = '';
    if (!final && delta.length > 0 && isHighSurrogate(delta.charCodeAt(delta.length - 1))) {
      this.narratePending = delta.slice(-1);
      delta = delta.slice(0, -1);
    }
    if (delta.length > 0) this.out.push({ type: 'narrate_delta', index: this.openAction, delta });
  }

  private endNarration(): void {
    this.flushNarration(true);
    this.narrating = false;
    this.out.push({ type: 'narrate_complete', index: this.openAction, text: this.narrateText });
    this.narrateText = '';
  }

  private endAbout(offset: number): void {
    const ids = aboutIds(JSON.parse(this.aboutValue.end(this.piece, offset)));
    if (ids) this.out.push({ type: 'about', index: this.openAction, ids });
  }

  private endAction(offset: number): void {
    const index = this.openAction;
    const raw = this.actionValue.end(this.piece, offset);
    this.openAction = -1;
    const event = this.duplicateKey !== undefined ? duplicateActionKeyEvent(index, this.duplicateKey) : actionEvent(index, JSON.parse(raw));
    if (event.type === 'action_complete') this.completedActions.push(index);
    this.out.push(event);
  }
}
