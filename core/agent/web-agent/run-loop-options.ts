/**
 * The loop options of one run: the page actions bound to the run (its page, host, signal, pauses and
 * effect policy), the effect gate over the page, the limits from the config, the run's text hooks,
 * and the checkpoint a resumed run continues from.
 */
import { consentQuestion } from '../../effects/consent-question.js';
import { decideEffects } from '../../effects/effect-decision.js';
import { secretValues } from '../../loop/secret-args.js';
import type { LoopOptions } from '../../loop/types.js';
import { toLoopTools, type ToolBindings } from './agent-tools.js';
import type { RunContext } from './run-context.js';
import { askToGoOn } from './run-host.js';

const PASSED_THROUGH = ['maxSteps', 'maxErrors', 'retryDelayMs', 'llmTimeoutMs', 'toolTimeoutMs', 'thinking', 'temperature'] as const;

export function runLoopOptions(run: RunContext, prepareTurn: LoopOptions['prepareTurn']): LoopOptions {
  const { config, page, toolBox } = run.env;
  const bindings = toolBindings(run);
  const options: LoopOptions = {
    llm: run.env.llm,
    mode: config.mode,
    tools: () => toLoopTools(toolBox.actions(), bindings),
    prepareTurn,
    effects: {
      assess: (tool, args) => page.effects?.(tool.name, args, config.policy.destructivePatterns),
      secretArgs: (tool, args) => {
        const names = page.secretArgs?.(tool, args) ?? [];
        for (const value of secretValues(args, names)) run.secrets.add(value);
        return names;
      },
      ...(config.effects ? { policy: config.effects } : {}),
      locale: () => run.env.locale(),
    },
    pace: config.pace,
    planned: run.plan !== undefined && config.mode === 'envelope',
    signal: run.signal,
  };
  for (const field of PASSED_THROUGH) {
    if (config[field] !== undefined) (options as unknown as Record<string, unknown>)[field] = config[field];
  }
  options.reminder = run.textHooks.reminder;
  options.fence = run.textHooks.fence;
  if (run.start.checkpoint) options.resume = run.start.checkpoint;
  return options;
}

/** What every page action of the run is given beside its arguments. */
function toolBindings(run: RunContext): ToolBindings {
  const { config, page } = run.env;
  const bindings: ToolBindings = {
    page,
    host: config.host ?? {},
    preferLinkClick: config.preferLinkClick === true,
    locale: () => run.env.locale(),
    visible: (text) => run.visibleText(text),
    runSignal: run.signal,
    pause: async (request) => {
      if ((await askToGoOn(run, request)) === 'stop') {
        run.requestStop('pause');
        throw new Error('The user stopped the run at the pause.');
      }
    },
    decideEffects: (effects) => decideEffects(effects, config.policy),
    question: (verdict) => consentQuestion(verdict.effects, run.env.locale()),
    destructivePatterns: config.policy.destructivePatterns,
    confirmed: (answer) => run.emit({ type: 'confirm', runId: run.id, ...answer }),
  };
  if (config.navigate) bindings.navigate = config.navigate;
  // The run saves the session before the page goes, so that the next page continues it.
  if (page.load) bindings.loadDocument = (url) => run.loadAfterSave(url);
  const cursor = run.env.cursor();
  if (cursor) bindings.cursor = cursor;
  return bindings;
}
