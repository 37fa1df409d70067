import { checkUrl } from '../surface/url-policy.js';
import type { PaletteAction, PaletteActionContext } from './palette-item.types.js';
import { substituteQuery } from './palette-prefix.js';
import type { PaletteActionPorts } from './palette.types.js';
import { DddkError } from '../util/dddk-error.js';

/** Thrown when no connected view or host can carry out an action kind. */
export class PalettePortMissingError extends DddkError<'palette-port-missing'> {
  readonly code = 'palette-port-missing';
  constructor(port: keyof PaletteActionPorts, kind: string) {
    super(`nothing here can ${port === 'openUrl' ? 'open a URL' : port === 'startAgent' ? 'start the agent' : port === 'renderSurface' ? 'render a surface' : port === 'runSkill' ? 'run a skill' : port} for a "${kind}" action; connect a view or pass ports.${port} to the palette`);
    this.name = 'PalettePortMissingError';
  }
}

type PortLookup = <Port extends keyof PaletteActionPorts>(port: Port) => NonNullable<PaletteActionPorts[Port]> | undefined;

/**
 * Carries out one typed action. `{q}` in its text becomes the argument (URL-encoded inside URLs and
 * paths); a URL that the argument turned unsafe is refused before anything opens.
 */
export async function runAction(action: PaletteAction, context: PaletteActionContext, port: PortLookup): Promise<void> {
  const need = <Port extends keyof PaletteActionPorts>(name: Port): NonNullable<PaletteActionPorts[Port]> => {
    const found = port(name);
    if (!found) throw new PalettePortMissingError(name, action.kind);
    return found;
  };
  const arg = context.arg;
  switch (action.kind) {
    case 'copy':
      return need('copy')(substituteQuery(action.text, arg));
    case 'insert':
      return need('insert')(substituteQuery(action.text, arg));
    case 'open-url': {
      const url = substituteQuery(action.url, arg, true);
      const refused = checkUrl(url, 'link');
      if (refused) throw new Error(`refused to open ${JSON.stringify(url)}: ${refused}`);
      return need('openUrl')(url, action.target ?? 'new');
    }
    case 'navigate':
      return need('navigate')(substituteQuery(action.path, arg, true));
    case 'agent-task':
      return need('startAgent')(substituteQuery(action.task, arg));
    case 'render-surface': {
      const surface = typeof action.surface === 'function' ? await action.surface(arg) : action.surface;
      context.signal.throwIfAborted();
      const placement = action.placement ?? 'palette';
      if (placement === 'palette') return context.palette.showResult({ surface, title: action.title ?? context.item.name });
      return need('renderSurface')(surface, placement);
    }
    case 'run-skill': {
      const vars = Object.fromEntries(Object.entries(action.vars ?? {}).map(([key, value]) => [key, substituteQuery(value, arg)]));
      return need('runSkill')(action.skillId, vars);
    }
    case 'custom':
      return action.run(context);
  }
}
