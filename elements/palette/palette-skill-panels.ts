import { html, nothing, type ReactiveControllerHost } from 'lit';
import { keyed } from 'lit/directives/keyed.js';
import type { DddkController } from '../../core/controller/create-dddk.js';
import { peekControllerSkills, watchControllerSkills } from '../../core/controller/skills-slot.js';
import { isComposingKey } from '../../core/input/keys.js';
import { deepActiveElement } from '../../core/page/deep-active-element.js';
import type { PaletteView } from '../../core/palette/palette.connect.js';
import type { PaletteState } from '../../core/palette/palette.types.js';
import type { PanelFrame, PanelStack, PanelStackState } from '../../core/skills/run/panel-stack.types.js';
import type { DddkSurfaceActionEvent } from '../events/surface-action.js';
import { composedContains } from '../internal/focus-return.js';
import { elementController } from '../surface/slot-presenters.js';
import { defineSurface } from '../surface/surface.js';

/** What the skills' panels read of their palette. */
export interface SkillPanelsHost {
  readonly element: ReactiveControllerHost & HTMLElement;
  readonly inline: boolean;
}

/** The field while a panel takes it over: the frame's text, placeholder and busy state. */
export interface TakeoverField {
  readonly label: string;
  readonly placeholder: string;
  readonly text: string;
  readonly busy: boolean;
}

const NO_FRAMES: PanelStackState = { frames: [], breadcrumbs: [] };

/**
 * The panel stack of the controller's skills (`runner.panels`), shown by the palette while a panel
 * skill is entered: breadcrumbs, the top frame's surface, and in `takeover` mode the field. The
 * skills load on demand, so the slot is peeked and, until it is filled, watched.
 */
export class PaletteSkillPanels {
  private watched: { controller: DddkController; stop: () => void } | undefined;
  private panels: PanelStack | undefined;
  private state: PanelStackState = NO_FRAMES;
  /** The top frame drawn last, so a push or a pop is noticed and the field keeps focus. */
  private drawnTopId: string | undefined;

  constructor(private readonly host: SkillPanelsHost) {}

  /** A panel is entered: its frame is on screen. */
  get shown(): boolean {
    return this.state.frames.length > 0;
  }

  /** The frame on screen. */
  get frame(): PanelFrame | undefined {
    return this.state.frames[this.state.frames.length - 1];
  }

  /** The field, while the frame on screen takes it over; `undefined` while it is the palette's own. */
  get takeover(): TakeoverField | undefined {
    const frame = this.frame;
    if (frame?.inputMode !== 'takeover') return undefined;
    return { label: frame.title, placeholder: frame.placeholder ?? '', text: frame.text, busy: frame.busy };
  }

  /** Stops following the controller's panels (the palette left the page). */
  stop(): void {
    this.watched?.stop();
    this.watched = undefined;
    this.panels = undefined;
    this.state = NO_FRAMES;
    this.drawnTopId = undefined;
  }

  /** Follows the panel stack of the palette's controller; called on every render. */
  sync(view: PaletteView | undefined): void {
    const controller = this.host.element.isConnected ? elementController(this.host.element) : undefined;
    if (controller !== this.watched?.controller) {
      this.stop();
      if (controller) this.follow(controller);
    }
    this.state = this.panels?.getState() ?? NO_FRAMES;
    const topId = this.frame?.id;
    if (topId !== this.drawnTopId) {
      this.drawnTopId = topId;
      // A breadcrumb pressed is gone once its frame is on top: the caret goes back to the field.
      if (view?.open && this.mayTakeFocus()) queueMicrotask(() => this.focusField());
    }
  }

  private follow(controller: DddkController): void {
    let stopStack: (() => void) | undefined;
    const attach = (panels: PanelStack): void => {
      this.panels = panels;
      stopStack = panels.subscribe(() => this.host.element.requestUpdate());
    };
    const skills = peekControllerSkills(controller);
    let stopWatching: (() => void) | undefined;
    if (skills) attach(skills.runner.panels);
    else {
      stopWatching = watchControllerSkills(controller, (loaded) => {
        stopWatching?.();
        stopWatching = undefined;
        attach(loaded.runner.panels);
        this.host.element.requestUpdate();
      });
    }
    this.watched = {
      controller,
      stop: () => {
        stopWatching?.();
        stopStack?.();
      },
    };
  }

  /** Pops the frame on screen; false when no panel is entered. */
  back(): boolean {
    return this.panels?.back() ?? false;
  }

  /** The field's text changed: the panel hears it in either mode (the palette too, unless it is taken over). */
  input(text: string): void {
    this.panels?.input(text);
  }

  /**
   * The keys a shown panel takes before the palette does; true when it took `event`. Esc pops a
   * frame first; Backspace in the empty field pops one too, in `palette` mode only once the palette
   * has nothing of its own to step back from; Enter in a taken-over field is the panel's submit.
   */
  onKeyDown(event: KeyboardEvent, field: HTMLInputElement | undefined, palette: PaletteState | undefined): boolean {
    if (!this.shown || isComposingKey(event)) return false;
    if (event.key === 'Escape') return this.back();
    if (!field) return false;
    const takeover = this.takeover !== undefined;
    if (event.key === 'Backspace' && field.value === '' && (takeover || paletteAtRoot(palette))) return this.back();
    if (event.key === 'Enter' && takeover) {
      void this.panels?.submit();
      return true;
    }
    return false;
  }

  /** The trail: the palette's root, every frame below the top one as a button, the top one as the current page. */
  renderBreadcrumbs(view: PaletteView) {
    const crumbs = this.state.breadcrumbs;
    const last = crumbs.length - 1;
    return html`<nav part="breadcrumbs" class="palette__breadcrumbs" aria-label=${view.strings.breadcrumbsLabel}>
      <ol class="palette__breadcrumb-list">
        <li class="palette__breadcrumb-item">
          <button part="breadcrumb" class="palette__breadcrumb" type="button" @mousedown=${keepFocusInField} @click=${() => this.panels?.close()}>
            ${view.strings.panelsRoot}
          </button>
        </li>
        ${crumbs.map((crumb, index) =>
          index === last
            ? html`<li class="palette__breadcrumb-item"><span part="breadcrumb breadcrumb-current" class="palette__breadcrumb" aria-current="page">${crumb.title}</span></li>`
            : html`<li class="palette__breadcrumb-item">
                <button part="breadcrumb" class="palette__breadcrumb" type="button" @mousedown=${keepFocusInField} @click=${() => this.panels?.backTo(crumb.depth)}>
                  ${crumb.title}
                </button>
              </li>`,
        )}
      </ol>
    </nav>`;
  }

  /** The top frame's surface; in `palette` mode it sits above the list, in `takeover` mode in the result area. */
  renderSurface() {
    const frame = this.frame;
    if (!frame?.surface) return nothing;
    // Registered when a panel first shows a surface, so a palette that never shows one leaves the tag alone.
    defineSurface();
    const takeover = frame.inputMode === 'takeover';
    return html`<section part="result panel-surface" class="palette__result palette__surfaces ${takeover ? '' : 'palette__frame-above'}" aria-label=${frame.title}>
      ${keyed(
        frame.id,
        html`<dddk-surface part="surface" class="surface" mode="inline" .surface=${frame.surface} .controller=${this.watched?.controller} @dddk-surface-action=${this.handleSurfaceAction}></dddk-surface>`,
      )}
    </section>`;
  }

  /** What the polite status region says: which panel is shown, unless the palette has something to count. */
  status(view: PaletteView): string {
    const frame = this.frame!;
    if (frame.inputMode === 'palette' && view.status) return view.status;
    return view.strings.panelShown(frame.title);
  }

  /**
   * A piece of the surface fired an action: a submit or a custom action is the panel's
   * `onAction(name, data)` (a submit without a name as `submit`), since the panel's `onSubmit`
   * hears the field's text; a cancel goes back a frame, as Esc does.
   */
  private readonly handleSurfaceAction = (event: DddkSurfaceActionEvent): void => {
    const { action, data } = event.detail;
    if (action.type === 'cancel') {
      this.back();
      return;
    }
    void this.panels?.action(action.name ?? action.type, data);
  };

  /** A modal palette is the visitor's focus; an inline one takes it only from within itself, or from nowhere. */
  private mayTakeFocus(): boolean {
    if (!this.host.inline) return true;
    const active = deepActiveElement();
    return !active || active === document.body || composedContains(this.host.element, active);
  }

  private focusField(): void {
    this.host.element.shadowRoot?.querySelector<HTMLInputElement>('#palette-input')?.focus({ preventScroll: true });
  }
}

/** The palette has nothing of its own that Backspace would step back from: no chip, sub-list, result or borrowed field. */
function paletteAtRoot(state: PaletteState | undefined): boolean {
  return !!state && state.prefix === undefined && state.trail.length === 0 && !state.result && !state.inputContext && !state.actionsMenu;
}

/** A press on a breadcrumb keeps the caret in the field. */
function keepFocusInField(event: MouseEvent): void {
  event.preventDefault();
}
