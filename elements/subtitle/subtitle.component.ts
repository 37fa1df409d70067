import { html, nothing, type PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';
import type { DddkController } from '../../core/controller/create-dddk.js';
import { onStringsChange } from '../../core/i18n/string-registry.js';
import type { GestureThresholds } from '../../core/input/gesture.types.js';
import { followAgentActivity } from '../../core/subtitle/follow-agent-activity.js';
import { announceSubtitle, type SubtitleAnnouncement } from '../../core/subtitle/subtitle-announcement.js';
import type { SubtitleView } from '../../core/subtitle/subtitle-view.types.js';
import { subtitleStrings } from '../../core/subtitle/subtitle.strings.js';
import { controllerPlacements, type PlacedSurface } from '../../core/surface/controller-surfaces.js';
import { presentPlacementSlot } from '../../core/surface/placement-presenters.js';
import type { Placement } from '../../core/surface/placements.js';
import type { SubtitleModel } from '../../core/subtitle/subtitle.types.js';
import { DddkElement } from '../internal/dddk-element.js';
import { ModelBinding } from '../internal/model-binding.js';
import { sharedStyles } from '../internal/shared.styles.js';
import { LazyView } from '../internal/lazy-view.js';
import { subtitleUiModule } from './lazy-subtitle-ui.js';
import { subtitleHostStyles } from './subtitle-host.styles.js';
import type { SubtitleUiHost } from './subtitle-ui-host.js';

/**
 * @tagname dddk-subtitle
 * @summary The bar in which the agent narrates and notices appear. It renders the subtitle model of
 * its controller; a polite live region reads the text aloud a sentence at a time. A long text is
 * cut into pages on sentence ends (Space turns the page). When the agent asks something (a
 * confirmation, a choice, a typed answer) or pauses, the question appears in the bar as a labelled
 * group that takes focus and gives it back once answered.
 *
 * While a task runs on the visitor's behalf (`subtitle.setTask()`, e.g. an agent's run), the bar
 * stays up with a Stop button, and Esc or a double Space stop the task at any moment; a single Space
 * still scrolls the page. A pending question keeps those keys: Esc then declines the question.
 *
 * Keys, while the bar awaits the user and the key does not go to a field or control of the page:
 * Space accepts (or turns the page), a double Space rejects, holding Space asks for voice, Tab
 * accepts the whole message, Esc rejects or dismisses, digits 1–9 pick a choice. On touch screens a
 * swipe down closes the bar and a tap on it accepts a pending confirmation or pause. One gesture
 * binding serves every bar of a document.
 *
 * Surfaces that `renderSurface(controller, surface, { placement: 'subtitle' })` places show in the
 * bar, under the text; the bar stays open until each is submitted or cancelled (Esc), and focus
 * goes into the surface and comes back afterwards.
 *
 * The bar's view (its template, styles, keys and touch) loads the first time there is something to
 * show; `updateComplete` waits for it to load and render.
 *
 * @event dddk-show - The bar became visible.
 * @event dddk-hide - The bar was hidden.
 * @event {DddkRequestCloseEvent} dddk-request-close - The user asked to close the bar (`detail.source`
 * is `close-button`, `escape` or `swipe`). Cancelable: `preventDefault()` keeps the bar open.
 * @event dddk-voice-start - The user holds Space while the bar awaits them: start listening.
 * @event dddk-voice-end - The hold ended: stop listening.
 *
 * @csspart base - The bar.
 * @csspart avatar - The avatar beside the text; `avatar-image` is its picture, `avatar-initials` its initials.
 * @csspart indicator - The activity indicator; `indicator-listening`, `indicator-processing` and `indicator-done` name each kind.
 * @csspart text - The visible text (rendered markdown for markdown messages).
 * @csspart cursor - The blinking cursor shown while the text streams in.
 * @csspart footer - The row under the text holding the page counter and the message's buttons.
 * @csspart page - The page counter ("2 / 4").
 * @csspart page-hint - How to reach the next page.
 * @csspart actions - The message's buttons.
 * @csspart action - Every message button; `action-accept`, `action-reject`, `action-cancel` and `action-copy` name each.
 * @csspart copy-status - The "Copied" confirmation.
 * @csspart stop - The Stop button of a running task.
 * @csspart close-button - The close button (hidden while the bar holds only a running task, which Stop ends).
 * @csspart prompt - The pending question or pause hint (a `role="group"` labelled by its message).
 * @csspart prompt-message - The question's text.
 * @csspart prompt-options - The list of a choice's options.
 * @csspart prompt-option - One option of a choice.
 * @csspart prompt-shortcut - The digit shown on an option.
 * @csspart prompt-form - The text field and its send button.
 * @csspart prompt-input - The text field.
 * @csspart prompt-actions - The row of accept / reject buttons.
 * @csspart prompt-button - Every prompt button; `prompt-accept`, `prompt-reject` and `prompt-submit` name each kind.
 * @csspart prompt-hint - The keys that answer, in words.
 * @csspart surfaces - The container of the surfaces placed in the bar.
 * @csspart surface - Each placed `<dddk-surface>`.
 *
 * @cssproperty --max-width - The widest the bar may grow.
 * @cssproperty --offset - The distance between the bar and the bottom (or top) edge of the viewport.
 * @cssproperty --avatar-size - The avatar's diameter.
 *
 * @cssstate visible - The bar is showing.
 * @cssstate streaming - Text is streaming in.
 * @cssstate prompting - A question or pause hint waits for the user.
 * @cssstate awaiting - Something (a prompt, a next page, a button) waits for the user.
 * @cssstate running - A task runs that the Stop button ends.
 */
export class DddkSubtitle extends DddkElement {
  // The bar's own styles arrive with its view (see subtitle-ui.ts).
  static override styles = [sharedStyles, subtitleHostStyles];

  /** The controller whose subtitle this element renders; wins over `for` and the page default. */
  @property({ attribute: false }) accessor controller: DddkController | undefined = undefined;

  /** The id of a controller created with `createDddk({ id })`; without it the page default is used. */
  @property() accessor for: string | undefined = undefined;

  /** Where the bar sits in the viewport. */
  @property({ reflect: true }) accessor placement: 'bottom' | 'top' = 'bottom';

  /**
   * Tap, double-tap and hold timings of the Space gestures. Read when the bar first shows; the first
   * bar of a document to show sets them for all.
   */
  @property({ attribute: false }) accessor gestureThresholds: Partial<GestureThresholds> | undefined = undefined;

  /** Shows the `processing` indicator while the controller's agent thinks. */
  @property({ type: Boolean, attribute: 'agent-activity' }) accessor agentActivity = false;

  private readonly binding = new ModelBinding<SubtitleModel>(this, {
    select: (controller) => controller.subtitle,
    events: ['locale_change'],
  });

  /** The bar's view of the model; its code (prompts, keys, gestures) comes with the bar's chunk. */
  private view: SubtitleView | undefined;
  /** What the live region says, from the first paint on. */
  private spoken: SubtitleAnnouncement | undefined;
  private wasVisible = false;
  private internals: ElementInternals | undefined;
  private stopWatchingStrings: (() => void) | undefined;
  private followed: { controller: DddkController; stop: () => void } | undefined;
  private placed: Placement<PlacedSurface>[] = [];
  private watchedPlacements: { controller: DddkController; stop: () => void } | undefined;

  /** What the bar's view reads from this element. */
  private readonly uiHost: SubtitleUiHost = (() => {
    const element = this;
    return {
      element,
      get baseStyles() {
        return (element.constructor as typeof DddkSubtitle).elementStyles;
      },
      get controller() {
        return element.binding.controller;
      },
      get model() {
        return element.binding.model;
      },
      get view() {
        return element.view;
      },
      get placed() {
        return element.placed;
      },
      get gestureThresholds() {
        return element.gestureThresholds;
      },
    };
  })();

  // The bar itself; the live region below is the element's own, there before the first message.
  private readonly ui = new LazyView(this, subtitleUiModule, { create: (module) => new module.SubtitleUi(this.uiHost) });

  override connectedCallback(): void {
    super.connectedCallback();
    // html2canvas cannot paint shadow DOM; screenshots of the page should leave the bar out anyway.
    if (!this.hasAttribute('data-html2canvas-ignore')) this.setAttribute('data-html2canvas-ignore', '');
    if (!this.internals && typeof this.attachInternals === 'function') this.internals = this.attachInternals();
    this.stopWatchingStrings = onStringsChange(() => this.requestUpdate());
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.stopWatchingStrings?.();
    this.stopWatchingStrings = undefined;
    this.followAgent(undefined);
    this.watchPlacements(undefined);
  }

  // Runs after the binding's hostUpdate, so the view reflects a controller resolved in this update.
  protected override update(changed: PropertyValues<this>): void {
    const { controller, model } = this.binding;
    const state = controller && model ? model.getState() : undefined;
    this.followAgent(this.agentActivity ? controller : undefined);
    this.watchPlacements(this.isConnected ? controller : undefined);
    this.placed = controller ? controllerPlacements(controller).in('subtitle') : [];
    // A failed load is tried again on the next visible state; the live region speaks the text meanwhile.
    const ui = state?.visible || this.placed.length > 0 ? this.ui.get() : this.ui.peek();
    this.view = ui?.currentView();
    this.spoken = this.view ?? (controller && state ? announceSubtitle(state, subtitleStrings(controller.locale)) : undefined);
    super.update(changed);
  }

  protected override render() {
    const view = this.spoken;
    // The live region is here from the start: one inserted together with its first text is often not read.
    return html`${this.ui.peek()?.render() ?? nothing}<div
        class="visually-hidden"
        role=${view?.liveRegion.role ?? 'status'}
        aria-live=${view?.liveRegion['aria-live'] ?? 'polite'}
        aria-atomic=${view?.liveRegion['aria-atomic'] ?? 'false'}
        aria-busy=${view?.liveRegion['aria-busy'] ?? 'false'}
      >${view?.announcementPrefix ? html`<span>${view.announcementPrefix} </span>` : nothing}${(view?.announcement ?? []).map(
        (sentence) => html`<span>${sentence} </span>`,
      )}</div>`;
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    // Until its view has loaded the bar is not on screen, whatever the model says.
    const loaded = this.ui.peek() !== undefined;
    const shown = loaded && this.view?.visible ? this.view : undefined;
    const visible = shown !== undefined || (loaded && this.placed.length > 0);
    this.setState('visible', visible);
    this.setState('streaming', shown?.streaming ?? false);
    this.setState('prompting', shown?.prompt !== undefined);
    this.setState('awaiting', shown?.awaitingUser ?? false);
    this.setState('running', shown?.stop !== undefined);
    if (visible === this.wasVisible) return;
    this.wasVisible = visible;
    this.emit(visible ? 'dddk-show' : 'dddk-hide');
  }

  private followAgent(controller: DddkController | undefined): void {
    if (this.followed?.controller === controller) return;
    this.followed?.stop();
    this.followed = controller ? { controller, stop: followAgentActivity(controller) } : undefined;
  }

  /** Shows the surfaces placed in the controller's `subtitle` slot, and tells `renderSurface()` so. */
  private watchPlacements(controller: DddkController | undefined): void {
    if (this.watchedPlacements?.controller === controller) return;
    this.watchedPlacements?.stop();
    this.watchedPlacements = undefined;
    if (!controller) return;
    const stopWatching = controllerPlacements(controller).subscribe((slot) => {
      if (slot === 'subtitle') this.requestUpdate();
    });
    const stopPresenting = presentPlacementSlot(controller, 'subtitle', this);
    this.watchedPlacements = {
      controller,
      stop: () => {
        stopWatching();
        stopPresenting();
      },
    };
  }

  private setState(name: string, on: boolean): void {
    const states = this.internals?.states;
    if (!states) return;
    try {
      if (on) states.add(name);
      else states.delete(name);
    } catch {
      // Browsers without named custom states simply skip the :state() styling hook.
    }
  }
}
