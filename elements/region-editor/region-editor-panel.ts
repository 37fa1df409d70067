import { html, nothing } from 'lit';
import { classMap } from 'lit/directives/class-map.js';
import { live } from 'lit/directives/live.js';
import type { RegionEditorView } from '../../core/region-editor/region-editor.connect.js';
import type { RegionEditorHandlers } from '../../core/region-editor/region-editor.handlers.js';

// The editor's panel as templates of a connected view: every gesture is one of `view.handlers`.

const valueOf = (event: Event): string => (event.target as HTMLTextAreaElement).value;

/** The toolbar (region list, history), the work on the selected region, and the live regions. */
export function renderPanel(view: RegionEditorView | undefined) {
  const strings = view?.strings;
  const handlers = view?.handlers;
  return html`
    <section part="panel" class="panel" aria-label=${strings?.toolbarLabel ?? 'Region editor'} @keydown=${handlers?.onPanelKeyDown} data-html2canvas-ignore>
      <div part="toolbar" class="toolbar">
        ${renderRegionList(view)}
        <div class="history">
          <button type="button" part="button undo-button" class="button" ?disabled=${!view?.canUndo} aria-keyshortcuts="Control+Z Meta+Z" @click=${handlers?.undo}>
            ${strings?.undo ?? 'Undo'}
          </button>
          <button type="button" part="button redo-button" class="button" ?disabled=${!view?.canRedo} aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z" @click=${handlers?.redo}>
            ${strings?.redo ?? 'Redo'}
          </button>
        </div>
      </div>
      ${view ? renderWork(view) : nothing}
      ${view?.conflict || view?.phase === 'unavailable'
        ? html`<div class="actions">
            <button type="button" part="button reload-button" class="button button--primary" @click=${view.handlers.reload}>${view.strings.reload}</button>
          </div>`
        : nothing}
      <div class="messages">
        <p part="status" class="status" role="status" aria-live="polite">${view?.status ?? ''}</p>
        <p part="alert" class="alert" role="alert">${view?.alert ?? ''}</p>
      </div>
    </section>
  `;
}

function renderRegionList(view: RegionEditorView | undefined) {
  const regions = view?.regions ?? [];
  const handlers = view?.handlers;
  return html`
    <ul
      part="regions"
      class="regions"
      role="listbox"
      tabindex=${regions.length > 0 ? '0' : '-1'}
      aria-label=${view?.strings.regionsLabel ?? 'Editable regions'}
      aria-activedescendant=${regions.length > 0 ? `region-option-${view!.activeIndex}` : nothing}
      @keydown=${handlers?.onListKeyDown}
      @focus=${handlers?.onListFocus}
      @blur=${handlers?.onListBlur}
    >
      ${regions.map(
        (region, index) => html`<li
          id=${`region-option-${index}`}
          part="region-option"
          class=${classMap({ 'region-option': true, 'region-option--active': region.active })}
          role="option"
          aria-selected=${region.selected ? 'true' : 'false'}
          data-region=${region.id}
          @click=${() => handlers?.pickIndex(index)}
        >${region.label}</li>`,
      )}
    </ul>
  `;
}

function renderWork(view: RegionEditorView) {
  const { strings, selected, handlers } = view;
  if (!selected) return nothing;
  const sourceAndClose = (primary: boolean) => html`
    <button type="button" part="button source-button" class=${primary ? 'button button--primary' : 'button'} ?disabled=${view.busy} @click=${handlers.startSource}>${strings.editSource}</button>
    <button type="button" part="button close-button" class="button" @click=${handlers.close}>${strings.close}</button>
  `;
  return html`
    <p part="heading" class="heading">${strings.editing(selected.label)}</p>
    ${view.showInstruction
      ? html`<form part="instruction-form" class="form" @submit=${submitThen(handlers.propose)}>
          <label for="instruction">${strings.instructionLabel}</label>
          <textarea
            id="instruction"
            part="instruction"
            class="field"
            rows="2"
            placeholder=${strings.instructionPlaceholder}
            .value=${live(view.instruction)}
            @input=${(event: Event) => handlers.onInstructionInput(valueOf(event))}
            @keydown=${handlers.onInstructionKeyDown}
          ></textarea>
          <div class="actions">
            <button type="submit" part="button propose-button" class="button button--primary" ?disabled=${view.busy}>${strings.propose}</button>
            ${sourceAndClose(false)}
          </div>
        </form>`
      : nothing}
    ${view.offlineNote ? html`<p part="offline-note" class="note">${view.offlineNote}</p>` : nothing}
    ${view.offlineNote && !view.showManual ? html`<div class="actions">${sourceAndClose(true)}</div>` : nothing}
    ${view.showStream
      ? html`<pre part="stream" class="stream" role="group" aria-busy="true" aria-label=${strings.streamLabel}>${view.streamText}<span class="stream__cursor" aria-hidden="true"></span></pre>
          <div class="actions">
            <button type="button" part="button stop-button" class="button" @click=${handlers.stop}>${strings.stop}</button>
          </div>`
      : nothing}
    ${view.showReview ? renderReview(view) : nothing}
    ${view.showManual ? renderSource(view, selected.label) : nothing}
  `;
}

function renderReview(view: RegionEditorView) {
  const { strings, handlers } = view;
  return html`
    <pre part="diff" class="diff" role="group" tabindex="-1" aria-label=${strings.diffLabel}>${view.diff.map((hunk) =>
      hunk.kind === 'added'
        ? html`<ins><span class="visually-hidden">${strings.added} </span>${hunk.text}</ins>`
        : hunk.kind === 'removed'
          ? html`<del><span class="visually-hidden">${strings.removed} </span>${hunk.text}</del>`
          : hunk.text,
    )}</pre>
    <div class="actions">
      <button type="button" part="button accept-button" class="button button--primary" ?disabled=${view.busy} @click=${handlers.accept}>${strings.accept}</button>
      <button type="button" part="button reject-button" class="button" ?disabled=${view.busy} @click=${handlers.reject}>${strings.reject}</button>
    </div>
    <form part="refine-form" class="form" @submit=${refineSubmit(handlers)}>
      <label for="refine">${strings.refineLabel}</label>
      <input id="refine" part="refine-input" class="field" name="refine" type="text" autocomplete="off" />
      <div class="actions">
        <button type="submit" part="button refine-button" class="button" ?disabled=${view.busy}>${strings.refine}</button>
      </div>
    </form>
  `;
}

function renderSource(view: RegionEditorView, label: string) {
  const { strings, handlers } = view;
  return html`
    <form part="source-form" class="form" @submit=${submitThen(handlers.saveSource)}>
      <label for="source">${strings.sourceLabel(label)}</label>
      <textarea
        id="source"
        part="source"
        class="field field--source"
        spellcheck="false"
        .value=${live(view.draft)}
        @input=${(event: Event) => handlers.onDraftInput(valueOf(event))}
      ></textarea>
      <div class="actions">
        <button type="submit" part="button save-button" class="button button--primary" ?disabled=${view.busy}>${strings.save}</button>
        <button type="button" part="button cancel-button" class="button" ?disabled=${view.busy} @click=${handlers.cancelSource}>${strings.cancel}</button>
      </div>
    </form>
  `;
}

/** A form's submit stays in the page: it becomes `action`. */
function submitThen(action: () => void) {
  return (event: SubmitEvent): void => {
    event.preventDefault();
    action();
  };
}

/** The follow-up field is uncontrolled: its text is taken, and the field cleared, on submit. */
function refineSubmit(handlers: RegionEditorHandlers) {
  return (event: SubmitEvent): void => {
    event.preventDefault();
    const input = (event.currentTarget as HTMLFormElement).elements.namedItem('refine');
    if (!(input instanceof HTMLInputElement) || input.value.trim() === '') return;
    const text = input.value;
    input.value = '';
    handlers.refine(text);
  };
}
