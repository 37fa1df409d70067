/**
 * The preparation of each turn of a run: settle, read the page, fill the context slots, capture the
 * screenshots, pick the user's pictures for the first turn, build the prompt and the turn's facts,
 * and choose the provider that serves the call.
 */
import type { SitemapPageFacts } from '../../llm/types.js';
import { scrubSecrets } from '../../loop/secret-args.js';
import type { PreparedTurn, TurnContext } from '../../loop/types.js';
import { agentStrings } from './agent.strings.js';
import type { AgentLLMRole } from './agent-events.types.js';
import type { PageSnapshot } from './agent-page.types.js';
import { isOfflineGuide } from './offline-llm.js';
import { currentTodos, formatTodos } from './plan-todos.js';
import type { RunContext } from './run-context.js';
import { ACTION_SETTLE, settlePage, untilStaying } from './run-page-waits.js';
import { withDeclaration } from './run-provenance.js';
import { earlierHistory } from './session-steps.js';
import { CONTEXT_PROVIDER_TIMEOUT_MS, readTurnContext, type TurnContextSlots } from './turn-context.js';
import { buildTurnFacts, sitemapFacts } from './turn-facts.js';
import { buildTurnMessages, systemPromptFor } from './turn-prompt.js';
import { captureTurnScreenshots } from './turn-screenshots.js';

export class RunTurns {
  private prepared = 0;
  /** The step of the run's first model call: the one that carries the user's pictures. */
  private firstStep: number | undefined;
  private system: { locale: string; text: string } | undefined;
  /** The site map's pages, for the turn's facts. */
  private sitemap: SitemapPageFacts[] | undefined;
  /** The role of the provider the last prepared turn went to; its `llm-call` event says so. */
  private turnRole: AgentLLMRole = 'webagent';
  /** What the engine tells the model in the next turn (after a reload, after a navigation). */
  noteForNextTurn: string | undefined;

  constructor(private readonly run: RunContext) {}

  get role(): AgentLLMRole {
    return this.turnRole;
  }

  async prepare(context: TurnContext): Promise<PreparedTurn> {
    const { run } = this;
    const { config, page } = run.env;
    // A resumed page has just loaded; a later turn follows actions whose effects may still be landing.
    if (this.prepared > 0 || run.resumed) await settlePage(run, ACTION_SETTLE);
    await untilStaying(run);
    this.prepared += 1;
    const snapshot = page.read({ maxLength: config.domMaxLength, ...(config.domFilter ? { domFilter: config.domFilter } : {}) });
    const session = run.start.session;
    session.currentPage = snapshot.url;
    const locale = run.env.locale();
    if (this.system?.locale !== locale) this.system = { locale, text: withDeclaration(systemPromptFor(config, locale), run.textHooks.declaration) };
    // The reading above happens whoever fills the `dom` slot: the actions' targets resolve through it.
    const [slots, images] = await Promise.all([this.contextSlots(snapshot, context), this.screenshots(context.step)]);
    const attachments = this.attachmentsForTurn(context.step);
    const note = this.noteForNextTurn;
    this.noteForNextTurn = undefined;
    // A value the model put into a secret field is blanked wherever the page still shows it.
    const pageForPrompt = { ...snapshot, text: scrubSecrets(slots.pageText, run.secrets), url: slots.url };
    const strings = agentStrings(locale);
    const messages = buildTurnMessages({
      system: this.system.text,
      task: run.task,
      page: pageForPrompt,
      transcript: context.transcript.messages,
      locale,
      history: earlierHistory(session),
      ...(run.plan ? { todos: formatTodos(currentTodos(run.plan, context.transcript.records)) } : {}),
      ...(slots.selection ? { selection: slots.selection } : {}),
      ...(slots.pageSummary ? { pageSummary: slots.pageSummary } : {}),
      ...(slots.recentPages ? { recentPages: slots.recentPages } : {}),
      ...(slots.memory ? { memory: slots.memory } : {}),
      ...(slots.fromHost.size > 0 ? { hostSlots: slots.fromHost } : {}),
      ...(note ? { stepNote: note } : {}),
      hooks: { fence: run.textHooks.fence, reminder: run.textHooks.reminder },
      ...(config.maxTurnsInPrompt !== undefined ? { maxTurnsInPrompt: config.maxTurnsInPrompt } : {}),
      ...(config.maxPromptTokens !== undefined ? { maxPromptTokens: config.maxPromptTokens } : {}),
      ...(images.length > 0 ? { images, imagesNote: strings.screenshotsNote(images.length, config.screenshot?.mode === 'full-page') } : {}),
      ...(attachments.length > 0 ? { attachments, attachmentsNote: strings.attachmentsNote(attachments.length) } : {}),
    });
    // Only the pictures call for the vision model; they live in this prompt alone, never in the
    // transcript or the session, so the next turn starts from fresh ones.
    this.turnRole = images.length > 0 || attachments.length > 0 ? 'vision' : 'webagent';
    this.sitemap ??= sitemapFacts(config.sitemap);
    const turn = buildTurnFacts({ task: run.task, locale, page: pageForPrompt, sitemap: this.sitemap, records: context.transcript.records });
    return { messages, llm: this.turnRole === 'vision' ? run.env.visionLLM : run.env.llm, turn };
  }

  /** This turn's context slots, from the agent's providers; a provider that fails is reported and left out. */
  private contextSlots(reading: PageSnapshot, context: TurnContext): Promise<TurnContextSlots> {
    const { run } = this;
    const { config } = run.env;
    return readTurnContext(run.env.context, { reading, ...(run.start.selection ? { selection: run.start.selection } : {}) }, {
      task: run.task,
      signal: context.signal,
      timeoutMs: config.contextProviderTimeoutMs ?? CONTEXT_PROVIDER_TIMEOUT_MS,
      domMaxLength: config.domMaxLength,
      onSkip: (skip) => run.emit({ type: 'context-skipped', runId: run.id, step: context.step, ...skip }),
    });
  }

  /**
   * The user's pictures go with the request in the first step of a new run (and its retries, which
   * the loop prepares again with the same step); the model's reading of them carries on in the
   * transcript. The offline guide reads no images.
   */
  private attachmentsForTurn(step: number): readonly string[] {
    this.firstStep ??= step;
    const images = this.run.start.images ?? [];
    if (images.length === 0 || this.run.resumed || step !== this.firstStep || isOfflineGuide(this.run.env.visionLLM)) return [];
    return images;
  }

  /** This turn's screenshots, when they are on; none when the capture was not possible. */
  private async screenshots(step: number): Promise<readonly string[]> {
    const { run } = this;
    const screenshot = run.env.config.screenshot;
    if (!screenshot || screenshot.enabled === false) return [];
    const outcome = await captureTurnScreenshots(screenshot, run.env.visionLLM, run.signal);
    run.emit({ type: 'screenshot', runId: run.id, step, images: outcome.images.length, ...(outcome.skipped ? { skipped: outcome.skipped } : {}) });
    return outcome.images;
  }
}
