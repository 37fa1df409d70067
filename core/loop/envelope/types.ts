/** The `agent_turn` envelope: what the page agent sends each turn, and the events its parser reports. */

/** The model's look back at its last goal and its next one. */
export interface TurnPlanning {
  evaluation_previous_goal: string;
  next_goal: string;
}

/** One validated step of a turn: say `narrate`, point at `about`, then run `tool` with `args`. */
export interface EnvelopeAction {
  narrate: string;
  /** Element ids the narration points at. */
  about: string[];
  tool: string;
  args: Record<string, unknown>;
}

/** The envelope's top-level keys that carry a single value (everything but `actions`). */
export type EnvelopeField = 'memory' | 'turn_planning' | 'todo_adjust' | 'todos_remaining' | 'is_final';

/** Every top-level key the parser understands; any other key is skipped. */
export type EnvelopeKey = EnvelopeField | 'actions';

/**
 * What the parser reports, in the order the model wrote it. Field events come once their value has
 * closed; `narrate_delta` comes while the narration is still being typed; `action_complete` only once
 * the action object has closed and validated, so it can run at once.
 */
export type EnvelopeEvent =
  | { type: 'memory'; value: string }
  | { type: 'turn_planning'; value: TurnPlanning }
  | { type: 'todo_adjust'; value: unknown }
  | { type: 'todos_remaining'; value: string[] }
  | { type: 'is_final'; value: boolean }
  /** A top-level value of the wrong type, or a key sent twice; `reason` is phrased for the model. */
  | { type: 'field_invalid'; key: EnvelopeKey; reason: string }
  /** An element of `actions` began. Exactly one `action_complete` or `action_invalid` follows if it closes. */
  | { type: 'action_start'; index: number }
  /** Decoded characters of the action's `narrate` string as they arrive: never half an escape or half a surrogate pair. */
  | { type: 'narrate_delta'; index: number; delta: string }
  | { type: 'narrate_complete'; index: number; text: string }
  | { type: 'about'; index: number; ids: string[] }
  | { type: 'action_complete'; index: number; action: EnvelopeAction }
  /** A closed action that cannot run; `reason` is phrased for the model. */
  | { type: 'action_invalid'; index: number; reason: string }
  | { type: 'envelope_complete' }
  /**
   * The arguments are not usable JSON. From `feed()` (`final: false`) it means streaming stopped and
   * `finish()` will try to recover the whole text; from `finish()` (`final: true`) it means nothing more
   * will come, and `reason` is written to be sent back to the model.
   */
  | { type: 'error'; reason: string; final: boolean };

export type EnvelopeEventType = EnvelopeEvent['type'];
