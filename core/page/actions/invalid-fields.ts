import { accessibleLabel, describeElement } from './describe-element.js';

/** A field that would stop its form from being accepted, described for the model. */
export interface InvalidField {
  /** What the user reads next to the field. */
  label: string;
  name?: string;
  id?: string;
  /** The browser's or the page's own error message. */
  message: string;
}

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

function pageErrorText(el: Element): string {
  const root = el.getRootNode() as Document | ShadowRoot;
  const ids = `${el.getAttribute('aria-errormessage') ?? ''} ${el.getAttribute('aria-describedby') ?? ''}`;
  return ids
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => root.getElementById(id)?.textContent?.replace(/\s+/g, ' ').trim() ?? '')
    .filter(Boolean)
    .join(' ');
}

function describeField(el: Element, message: string): InvalidField {
  const field: InvalidField = { label: accessibleLabel(el) || describeElement(el), message };
  const name = el.getAttribute('name');
  if (name) field.name = name;
  if (el.id) field.id = el.id;
  return field;
}

/**
 * The fields of a form (or of any container) that fail the browser's constraint validation or that
 * the page marks `aria-invalid`. Reads `validity` only, so no `invalid` event fires and nothing is shown.
 */
export function invalidFields(scope: Element): InvalidField[] {
  const fields: Element[] =
    scope.localName === 'form' ? [...(scope as HTMLFormElement).elements] : [...scope.querySelectorAll('input, select, textarea, [aria-invalid]')];
  if (scope.matches('input, select, textarea')) fields.unshift(scope);
  const found: InvalidField[] = [];
  const seen = new Set<Element>();
  for (const el of fields) {
    if (seen.has(el)) continue;
    seen.add(el);
    const field = el as Field;
    if (typeof field.willValidate === 'boolean' && field.willValidate && !field.validity.valid) {
      found.push(describeField(el, field.validationMessage || pageErrorText(el) || 'The value is not accepted.'));
    } else if (el.getAttribute('aria-invalid') === 'true') {
      found.push(describeField(el, pageErrorText(el) || 'The page marks this field as invalid.'));
    }
  }
  if (scope.localName === 'form') {
    for (const el of scope.querySelectorAll('[aria-invalid="true"]')) {
      if (!seen.has(el)) found.push(describeField(el, pageErrorText(el) || 'The page marks this field as invalid.'));
    }
  }
  return found;
}

export function summarizeInvalid(fields: InvalidField[]): string {
  return fields.map((f) => `${f.label}: ${f.message}`).join('; ');
}
