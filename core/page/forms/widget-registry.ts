/**
 * Form-widget adapters: how to fill a custom widget (a library combobox, a date picker, a masked
 * field) that ignores a plain value change. `fill_input` and `select_option` ask this registry
 * first; the adapter with the highest priority whose `match` accepts the element does the work.
 */

export interface FormWidgetContext {
  signal: AbortSignal;
  /** Waits between steps of a fill; resolves early when the action is cancelled. */
  wait(ms: number): Promise<void>;
  /** Which action is asking. */
  operation: 'fill' | 'select' | 'clear';
}

export interface FormWidgetAdapter {
  /** Registering another adapter with the same id replaces this one. */
  id: string;
  /** Higher runs first when several match. Default 0; ties go to the earlier registration. */
  priority?: number;
  match(element: Element): boolean;
  /** Puts `value` into the widget. Return `false` when it could not. */
  fill(element: Element, value: string, ctx: FormWidgetContext): boolean | void | Promise<boolean | void>;
}

const adapters: FormWidgetAdapter[] = [];

export function registerFormWidget(adapter: FormWidgetAdapter): () => void {
  if (!adapter || typeof adapter.id !== 'string' || adapter.id === '') {
    throw new TypeError('registerFormWidget: the adapter needs a non-empty string `id`.');
  }
  if (typeof adapter.match !== 'function' || typeof adapter.fill !== 'function') {
    throw new TypeError(`registerFormWidget("${adapter.id}"): the adapter needs \`match(element)\` and \`fill(element, value, ctx)\` functions.`);
  }
  const existing = adapters.findIndex((entry) => entry.id === adapter.id);
  if (existing >= 0) adapters.splice(existing, 1, adapter);
  else adapters.push(adapter);
  return () => {
    const index = adapters.indexOf(adapter);
    if (index >= 0) adapters.splice(index, 1);
  };
}

export function unregisterFormWidget(id: string): boolean {
  const index = adapters.findIndex((entry) => entry.id === id);
  if (index < 0) return false;
  adapters.splice(index, 1);
  return true;
}

/** The adapters in the order they are tried. */
export function listFormWidgets(): FormWidgetAdapter[] {
  return adapters
    .map((adapter, order) => ({ adapter, order }))
    .sort((a, b) => (b.adapter.priority ?? 0) - (a.adapter.priority ?? 0) || a.order - b.order)
    .map(({ adapter }) => adapter);
}

/** The adapter that owns `element`, or undefined when the default fill applies. */
export function findFormWidget(element: Element): FormWidgetAdapter | undefined {
  for (const adapter of listFormWidgets()) {
    try {
      if (adapter.match(element)) return adapter;
    } catch {
      // A matcher that throws simply does not match.
    }
  }
  return undefined;
}
