import { LitElement } from 'lit';

/** Every event the kit's elements dispatch; each is declared in `elements/events/` on `GlobalEventHandlersEventMap`. */
export type DddkElementEventName = Extract<keyof GlobalEventHandlersEventMap, `dddk-${string}`>;

/** The detail type of an event without data. */
export type EmptyDetail = Record<PropertyKey, never>;

type DetailOf<Name extends DddkElementEventName> =
  GlobalEventHandlersEventMap[Name] extends CustomEvent<infer Detail> ? Detail : never;

type EmitArgs<Name extends DddkElementEventName> = [DetailOf<Name>] extends [EmptyDetail]
  ? [options?: { cancelable?: boolean }]
  : [options: { detail: DetailOf<Name>; cancelable?: boolean }];

/**
 * The base of the kit's elements: typed events, a registration that tolerates a second load, and an
 * `updateComplete` that also waits for the parts its lazy views are loading.
 */
export class DddkElement extends LitElement {
  private readonly pendingWork = new Set<Promise<unknown>>();

  /**
   * Registers the element under `tag`, doing nothing when the tag is already taken (a CMS page may
   * load the script twice) or when there is no custom element registry (e.g. during SSR).
   */
  static define<Constructor extends CustomElementConstructor>(this: Constructor, tag: string): void {
    if (typeof customElements === 'undefined' || customElements.get(tag)) return;
    customElements.define(tag, this);
  }

  /** Dispatches a bubbling, composed event; returns it so a caller can check `defaultPrevented`. */
  emit<Name extends DddkElementEventName>(name: Name, ...[options]: EmitArgs<Name>): GlobalEventHandlersEventMap[Name] {
    const event = new CustomEvent(name, {
      bubbles: true,
      composed: true,
      cancelable: options?.cancelable ?? false,
      detail: options && 'detail' in options ? options.detail : {},
    });
    this.dispatchEvent(event);
    return event as GlobalEventHandlersEventMap[Name];
  }

  /** Makes `updateComplete` wait for `work` and the render after it (used by LazyView). */
  waitFor(work: Promise<unknown>): void {
    const tracked: Promise<unknown> = work
      .then(undefined, () => undefined)
      .finally(() => this.pendingWork.delete(tracked));
    this.pendingWork.add(tracked);
  }

  protected override async getUpdateComplete(): Promise<boolean> {
    let complete = await super.getUpdateComplete();
    while (this.pendingWork.size > 0) {
      await Promise.allSettled([...this.pendingWork]);
      complete = await super.getUpdateComplete();
    }
    return complete;
  }
}
