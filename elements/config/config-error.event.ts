import type { PageConfigProblem } from './page-config.types.js';

/**
 * A page config had problems (bad JSON, a field of the wrong type, an unknown field). Dispatched on
 * its `<script data-dddk-config>` and bubbling to `document`; each problem is also logged with
 * `console.error`. The fields that passed still apply.
 */
export type DddkConfigErrorEvent = CustomEvent<{ problems: PageConfigProblem[] }>;

declare global {
  interface GlobalEventHandlersEventMap {
    'dddk-config-error': DddkConfigErrorEvent;
  }
}
