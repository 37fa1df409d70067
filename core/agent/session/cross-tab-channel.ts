/** What the store needs of a `BroadcastChannel`; tests and hosts may hand in another realm's channel. */
export interface SessionChannelPort {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  close(): void;
}

export interface CrossTabOptions {
  /** Default `dddk.session:<storage key>`. */
  channelName?: string;
  /** Default `new BroadcastChannel(name)`. */
  createChannel?: (name: string) => SessionChannelPort;
}

const PROTOCOL = 'dddk.session/1';

/** What one tab tells the others. `text` is the stored form, so the receiver validates it like a load. */
export type CrossTabPayload = { type: 'update'; text: string } | { type: 'clear'; id: string };

export type CrossTabMessage = CrossTabPayload & { protocol: typeof PROTOCOL; key: string; origin: string };

export interface SessionChannel {
  post(message: CrossTabPayload): void;
  close(): void;
}

/**
 * Opens the channel for one storage key. Messages from this same store (`origin`), for another key
 * or of another shape are ignored. Returns `undefined` where BroadcastChannel does not exist.
 */
export function openSessionChannel(
  key: string,
  origin: string,
  options: CrossTabOptions,
  onMessage: (message: CrossTabMessage) => void,
): SessionChannel | undefined {
  const name = options.channelName ?? `dddk.session:${key}`;
  let port: SessionChannelPort;
  if (options.createChannel) port = options.createChannel(name);
  else if (typeof BroadcastChannel === 'function') port = new BroadcastChannel(name);
  else return undefined;
  // In Node an open channel keeps the process alive; a store must not.
  (port as { unref?: () => void }).unref?.();
  port.addEventListener('message', (event) => {
    const message = event.data as Partial<CrossTabMessage> | null;
    if (!message || message.protocol !== PROTOCOL || message.key !== key || message.origin === origin) return;
    if (message.type === 'update' && typeof message.text === 'string') onMessage(message as CrossTabMessage);
    else if (message.type === 'clear' && typeof message.id === 'string') onMessage(message as CrossTabMessage);
  });
  return {
    post: (payload) => port.postMessage({ ...payload, protocol: PROTOCOL, key, origin }),
    close: () => port.close(),
  };
}
