/**
 * The optional planning call before a run: the host's planner function, or one call to the `plan`
 * model with the planner prompt. A plan that cannot be read is asked for once more, with the reason.
 */
import type { LLMMessage, LLMProvider } from '../../llm/types.js';
import { buildPlannerPrompt } from '../../prompts/build-planner-prompt.js';
import { parseTaskPlan, TaskPlanError, validateTaskPlan, type TaskPlan } from '../../prompts/task-plan.js';
import type { ResolvedWebAgentConfig } from './resolve-config.js';
import { withDeclaration, type RunTextHooks } from './run-provenance.js';
import type { PageSnapshot } from './agent-page.types.js';

const PLAN_ATTEMPTS = 2;
const PLAN_MAX_TOKENS = 1_200;

export interface PlanRequest {
  config: ResolvedWebAgentConfig;
  locale: string;
  /** The provider for the `plan` role. */
  llm: LLMProvider;
  task: string;
  page: PageSnapshot;
  signal: AbortSignal;
  /** The run's hooks: the page goes through its fence, declared in the planner's system prompt. */
  textHooks?: RunTextHooks;
}

export async function makePlan(request: PlanRequest): Promise<TaskPlan> {
  const { config, task, page, signal, locale } = request;
  if (typeof config.planner === 'function') {
    const input = { task, url: page.url, pageText: page.text, locale, signal, ...(config.sitemap ? { sitemap: config.sitemap } : {}) };
    return validateTaskPlan(await config.planner(input));
  }
  const hooks = request.textHooks;
  const fence = hooks?.fence ?? config.fence;
  const messages: LLMMessage[] = buildPlannerPrompt(
    {
      task,
      locale,
      url: page.url,
      pageText: page.text,
      ...(config.sitemap ? { sitemap: config.sitemap } : {}),
      ...(config.brand ? { brand: config.brand } : {}),
      ...(config.persona ? { persona: config.persona } : {}),
      ...(config.prompts ? { prompts: config.prompts } : {}),
    },
    fence ? { fence: (text, source) => fence(text, source) } : {},
  );
  if (hooks?.fenceDeclaration && messages[0]?.role === 'system') {
    messages[0] = { role: 'system', content: withDeclaration(messages[0].content, hooks.fenceDeclaration) };
  }
  let lastError: TaskPlanError | undefined;
  for (let attempt = 0; attempt < PLAN_ATTEMPTS; attempt += 1) {
    const answer = await request.llm.complete({ messages, signal, maxTokens: PLAN_MAX_TOKENS, ...(config.temperature !== undefined ? { temperature: config.temperature } : {}) });
    try {
      return parseTaskPlan(answer.content);
    } catch (error) {
      if (!(error instanceof TaskPlanError)) throw error;
      lastError = error;
      messages.push({ role: 'assistant', content: answer.content }, { role: 'user', content: error.message });
    }
  }
  throw lastError!;
}
