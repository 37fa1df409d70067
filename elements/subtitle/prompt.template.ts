import { html, nothing, type TemplateResult } from 'lit';
import { classMap } from 'lit/directives/class-map.js';
import type { SubtitlePromptView } from '../../core/subtitle/prompt.connect.js';

/** The pending question or pause hint: a group labelled by its message, with its options, field and buttons. */
export function renderPrompt(prompt: SubtitlePromptView): TemplateResult {
  return html`
    <div
      part="prompt"
      class=${classMap({ prompt: true, [`prompt--${prompt.kind}`]: true })}
      role="group"
      aria-labelledby="prompt-message"
      aria-describedby="prompt-hint"
    >
      <p id="prompt-message" part="prompt-message" class="prompt__message">${prompt.message}</p>
      ${prompt.options.length > 0 ? renderOptions(prompt) : nothing}
      ${prompt.textField ? renderTextField(prompt, prompt.textField) : nothing}
      <div part="prompt-actions" class="prompt__actions">
        ${prompt.buttons.map(
          (button) => html`<button
            type="button"
            part="prompt-button prompt-${button.action}"
            class=${classMap({ prompt__button: true, 'prompt__button--primary': button.primary })}
            data-action=${button.action}
            @click=${() => (button.action === 'accept' ? prompt.accept() : prompt.reject())}
          >${button.label}</button>`,
        )}
      </div>
      <p id="prompt-hint" part="prompt-hint" class="prompt__hint">${prompt.hint}</p>
    </div>
  `;
}

function renderOptions(prompt: SubtitlePromptView): TemplateResult {
  return html`<div part="prompt-options" class="prompt__options">
    ${prompt.options.map(
      (option) => html`<button
        type="button"
        part="prompt-option"
        class="prompt__option"
        aria-keyshortcuts=${option.shortcut ?? nothing}
        @click=${() => prompt.choose(option.value)}
      >${option.shortcut
        ? html`<kbd part="prompt-shortcut" class="prompt__shortcut" aria-hidden="true">${option.shortcut}</kbd>`
        : nothing}<span>${option.label}</span></button>`,
    )}
  </div>`;
}

function renderTextField(prompt: SubtitlePromptView, field: NonNullable<SubtitlePromptView['textField']>): TemplateResult {
  const submit = (event: SubmitEvent): void => {
    event.preventDefault();
    const input = (event.currentTarget as HTMLFormElement).elements.namedItem('answer');
    if (input instanceof HTMLInputElement) prompt.submitText(input.value);
  };
  return html`<form part="prompt-form" class="prompt__form" @submit=${submit}>
    <label class="prompt__label" for="prompt-input">${field.label}</label>
    <div class="prompt__field-row">
      <input
        id="prompt-input"
        part="prompt-input"
        class="prompt__input"
        name="answer"
        type="text"
        autocomplete="off"
        placeholder=${field.placeholder || nothing}
      />
      <button type="submit" part="prompt-button prompt-submit" class="prompt__button prompt__button--primary">
        ${field.submitLabel}
      </button>
    </div>
  </form>`;
}
