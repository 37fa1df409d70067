/** Shared pieces of the web agent's browser tests: scripted turns, a provider on the mock server, a test page. */
import { createDddk, type DddkConfig, type DddkController } from '../../../core/controller/create-dddk.js';
import { openAICompatible, type LLMProvider } from '../../../core/llm/index.js';
import { elementId } from '../../../core/page/read-dom/element-ids.js';
import { mockLLM, type MockLLMClient, type MockTurn } from '../../support/mock-llm/browser-client.js';

export const SESSION_KEY = 'dddk.webagent.session';

let counter = 0;
export function scenario(name: string): string {
  return `web-agent-${name}-${Date.now()}-${++counter}`;
}

let client: Promise<MockLLMClient> | undefined;
export function mock(): Promise<MockLLMClient> {
  return (client ??= mockLLM());
}

export function provider(mockClient: MockLLMClient, id: string): LLMProvider {
  return openAICompatible({
    baseURL: `${mockClient.url}/s/${encodeURIComponent(id)}/v1`,
    apiKey: 'browser-key',
    model: 'gpt-4o-mini',
    maxRetries: 0,
    connectTimeoutMs: 3_000,
    idleTimeoutMs: 3_000,
  });
}

export interface ScriptedAction {
  narrate?: string;
  tool: string;
  args?: Record<string, unknown>;
}

/** One `agent_turn` call, as a model would stream it. */
export function turn(actions: ScriptedAction[], options: { final?: boolean } & Partial<MockTurn> = {}): MockTurn {
  const { final = false, ...shape } = options;
  const envelope = {
    memory: 'notes',
    turn_planning: { evaluation_previous_goal: 'ok', next_goal: 'go on' },
    todos_remaining: [],
    actions: actions.map((action) => ({ narrate: action.narrate ?? '', about: [], tool: action.tool, args: action.args ?? {} })),
    is_final: final,
  };
  return { toolCalls: [{ id: 'call_turn', name: 'agent_turn', arguments: envelope }], ...shape };
}

export const finalTurn = (text = 'Done.'): MockTurn => turn([{ narrate: text, tool: 'narrate', args: { text } }], { final: true });

/**
 * The `afterEvents` of a fault that strikes once `marker` has been sent, for an OpenAI-wire turn with
 * no text: the role chunk, the call's header, then one event per `deltaSize` characters of arguments.
 */
export function eventsThrough(scripted: MockTurn, marker: string, deltaSize: number): number {
  const args = scripted.toolCalls?.[0]?.arguments;
  const text = typeof args === 'string' ? args : JSON.stringify(args);
  const at = text.indexOf(marker);
  if (at < 0) throw new Error(`eventsThrough: ${JSON.stringify(marker)} is not in the turn`);
  return 2 + Math.ceil((at + marker.length) / deltaSize);
}

let stage: HTMLElement | undefined;

/** Puts the test's markup on the page; returns the stage. */
export function mount(html: string): HTMLElement {
  stage?.remove();
  stage = document.createElement('main');
  stage.id = 'stage';
  stage.innerHTML = html;
  document.body.append(stage);
  return stage;
}

export function $<T extends Element = HTMLElement>(selector: string): T {
  const found = document.querySelector<T>(selector);
  if (!found) throw new Error(`the test page has no ${selector}`);
  return found;
}

/** The id the page reading gives an element, so a scripted turn can name it as a model would. */
export function idOf(selector: string): string {
  return elementId($(selector));
}

const controllers: DddkController[] = [];

/** A controller on the mock server, with short delays; destroyed after each test. */
export function controllerFor(mockClient: MockLLMClient, id: string, config: Partial<DddkConfig> = {}): DddkController {
  const dddk = createDddk({ locale: 'en', llm: provider(mockClient, id), ...config, agent: { retryDelayMs: 0, ...config.agent } });
  controllers.push(dddk);
  return dddk;
}

/** Cleans up after a test: the controllers, the stage, the stored session and the URL. */
export function cleanUp(url: string): void {
  for (const dddk of controllers.splice(0)) {
    dddk.stopAgent();
    dddk.destroy();
  }
  stage?.remove();
  stage = undefined;
  sessionStorage.removeItem(SESSION_KEY);
  if (location.href !== url) history.replaceState(null, '', url);
}

/** Answers the subtitle's prompts as they appear, in order; returns what they asked. */
export function answerPrompts(dddk: DddkController, answers: Array<Parameters<DddkController['subtitle']['answerPrompt']>[0] | ((kind: string) => void)>): string[] {
  const shown: string[] = [];
  dddk.subtitle.subscribe((state, previous) => {
    if (!state.prompt || state.prompt === previous.prompt) return;
    shown.push(`${state.prompt.kind}:${state.prompt.message}`);
    const answer = answers.shift();
    if (typeof answer === 'function') answer(state.prompt.kind);
    else if (answer) setTimeout(() => dddk.subtitle.answerPrompt(answer), 0);
  });
  return shown;
}

export { eventually } from '../../support/eventually.js';

/** The messages the n-th request of a scenario carried. */
export async function requestMessages(mockClient: MockLLMClient, id: string, index: number): Promise<any[]> {
  const requests = await mockClient.requests(id);
  const request = requests[index];
  if (!request) throw new Error(`scenario ${id} has no request #${index} (it has ${requests.length})`);
  return request.body.messages;
}

export async function toolResult(mockClient: MockLLMClient, id: string, index: number): Promise<string> {
  const messages = await requestMessages(mockClient, id, index);
  return messages.filter((message: { role: string }) => message.role === 'tool').at(-1)?.content ?? '';
}
