/**
 * The parts of a transcript the engine wrote, found from metadata the engine stamped on its
 * messages, never from what the text looks like: a reminder pasted into a message by someone else
 * sits outside every region, so it can never answer "has the engine already said this?".
 */

/** A transcript message, narrowed to what delimits its engine regions. */
export interface EngineRegionMessage {
  role?: string;
  content?: unknown;
  /** The whole message is the engine's. */
  engineMinted?: true;
  /** The engine's frames inside a mixed message, as `[start, end)` character offsets. */
  engineSegments?: ReadonlyArray<{ start: number; end: number }>;
  /** The engine prepended this many characters to the message. */
  enginePrefixChars?: number;
}

/**
 * The engine-written texts of the user and tool messages, in order. Read the messages of the context
 * the model has now, not of an ancestry a compaction has since replaced.
 */
export function engineRegionTextsOf(messages: readonly EngineRegionMessage[]): string[] {
  const regions: string[] = [];
  for (const message of messages) {
    if (message.role !== 'user' && message.role !== 'tool') continue;
    const text = textOf(message.content);
    if (text === undefined) continue;
    if (message.engineMinted === true) {
      regions.push(text);
      continue;
    }
    const prefix = message.enginePrefixChars;
    if (Number.isInteger(prefix) && prefix! > 0) regions.push(text.slice(0, prefix));
    for (const segment of message.engineSegments ?? []) {
      const { start, end } = segment ?? {};
      if (Number.isInteger(start) && Number.isInteger(end) && start >= 0 && start < end && end <= text.length) {
        regions.push(text.slice(start, end));
      }
    }
  }
  return regions;
}

/** A message's text: the string itself, or its text parts joined. */
function textOf(content: unknown): string | undefined {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return undefined;
  let text = '';
  for (const part of content) {
    if (part && typeof part === 'object' && (part as { type?: unknown }).type === 'text' && typeof (part as { text?: unknown }).text === 'string') {
      text += (part as { text: string }).text;
    }
  }
  return text;
}
