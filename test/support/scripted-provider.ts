/**
 * A model in memory for tests that must see what each turn was offered and control when it answers:
 * every call records the tool names its `agent_turn` documents and the messages it carried, then
 * streams the actions its scripted turn gives (a list, or a function that may wait for the test).
 * The last scripted turn ends the run. Runs in Node and in the browser.
 */
import type { LLMMessage, LLMProvider, StreamEvent } from '../../core/llm/types.js';

export interface ScriptedAction {
  tool: string;
  args?: Record<string, unknown>;
  narrate?: string;
}

export interface ScriptedRequest {
  /** 1 for the run's first model call. */
  call: number;
  /** The tools this call offered, by name, in order. */
  tools: string[];
  messages: LLMMessage[];
}

export type ScriptedTurn = ScriptedAction[] | ((request: ScriptedRequest) => ScriptedAction[] | Promise<ScriptedAction[]>);

export type ScriptedProvider = LLMProvider & { readonly requests: ScriptedRequest[] };

export function scriptedProvider(turns: ScriptedTurn[]): ScriptedProvider {
  const requests: ScriptedRequest[] = [];
  return {
    name: 'scripted',
    requests,
    complete: () => Promise.reject(new Error('the scripted provider only streams')),
    async *stream(options): AsyncGenerator<StreamEvent> {
      const description = options.tools?.[0]?.description ?? '';
      const request: ScriptedRequest = {
        call: requests.length + 1,
        tools: [...description.matchAll(/^## (\S+)$/gm)].map((match) => match[1]!),
        messages: JSON.parse(JSON.stringify(options.messages)) as LLMMessage[],
      };
      requests.push(request);
      const scripted = turns[request.call - 1] ?? [];
      const actions = typeof scripted === 'function' ? await scripted(request) : scripted;
      const envelope = {
        memory: '',
        turn_planning: { evaluation_previous_goal: 'ok', next_goal: 'go on' },
        todos_remaining: [],
        actions: actions.map((action) => ({ narrate: action.narrate ?? '', about: [], tool: action.tool, args: action.args ?? {} })),
        is_final: request.call >= turns.length,
      };
      const text = JSON.stringify(envelope);
      const id = `call_${request.call}`;
      const startedAt = Date.now();
      for (let at = 0; at < text.length; at += 64) yield { type: 'tool-call-delta', index: 0, id, name: 'agent_turn', argumentsDelta: text.slice(at, at + 64) };
      yield { type: 'tool-call', index: 0, call: { id, name: 'agent_turn', arguments: envelope } };
      yield { type: 'finish', reason: 'tool_calls', metrics: { provider: 'scripted', model: 'scripted', startedAt, durationMs: Date.now() - startedAt, attempts: 1, outcome: 'finished' } };
    },
  };
}

/** A promise the test settles by hand: a turn that waits for it holds the model's answer until then. */
export function gate(): { promise: Promise<void>; open(): void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

/** The text of every message a call carried, joined: what the model read. */
export function textOf(request: ScriptedRequest): string {
  return request.messages.map((message) => (typeof message.content === 'string' ? message.content : JSON.stringify(message.content))).join('\n');
}
