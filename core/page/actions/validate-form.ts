import { optionalString } from './args.js';
import { defineAction, schema } from './define-action.js';
import { describeElement } from './describe-element.js';
import { isRendered } from './element-state.js';
import { invalidFields, summarizeInvalid, type InvalidField } from './invalid-fields.js';
import { fail, isFailure, succeed } from './results.js';
import { resolveElement } from './target.js';

export interface FormValidity {
  valid: boolean;
  /** How many forms (or containers) were checked. */
  checked: number;
  invalid: InvalidField[];
}

/** Reports which fields would block submission, without submitting or showing anything. */
export const validateForm = defineAction<FormValidity>({
  name: 'validate_form',
  description:
    'Check a form without submitting it: lists each field that would be refused (required but empty, wrong format, out of range, or marked invalid by the page) with its label and error message.',
  parameters: schema.object({
    target: schema.target('The form, or any field or container inside it. Default: every visible form on the page.'),
  }),
  async run(args, ctx) {
    const id = optionalString(args, 'target');
    if (isFailure(id)) return id;
    let scopes: Element[];
    if (id) {
      const element = resolveElement(ctx, id);
      if (isFailure(element)) return element;
      const form = (element as HTMLInputElement).form ?? element.closest('form');
      scopes = [form ?? element];
    } else {
      scopes = [...document.forms].filter(isRendered);
      if (scopes.length === 0) return fail('not_found', 'There is no visible form on this page. Pass the container of the fields as "target".');
    }
    const invalid = scopes.flatMap(invalidFields);
    const where = scopes.length === 1 ? describeElement(scopes[0]!) : `${scopes.length} forms`;
    if (invalid.length === 0) return succeed(`Every field in ${where} is valid.`, { valid: true, checked: scopes.length, invalid });
    const count = invalid.length === 1 ? '1 field is' : `${invalid.length} fields are`;
    return succeed(`${count} not accepted in ${where}: ${summarizeInvalid(invalid)}. Fix them before submitting.`, {
      valid: false,
      checked: scopes.length,
      invalid,
    });
  },
});
