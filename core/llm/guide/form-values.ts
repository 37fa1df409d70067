/**
 * The values a request states for a form: "fill the contact form with name Ada and email
 * ada@example.com", "my name is Grace Hopper, message Please call me". Fixed patterns only; a value
 * is kept as the visitor wrote it.
 */
export interface FormValues {
  name?: string;
  email?: string;
  phone?: string;
  message?: string;
}

const EMAIL = /[\p{L}\p{N}._%+-]{1,64}@[\p{L}\p{N}-]{1,63}(?:\.[\p{L}\p{N}-]{1,63})+/u;
const PHONE = /(?:phone|tel|telephone|mobile|number|電話|手機)\s*(?:is|:|=)?\s*(\+?\d[\d\s().-]{5,18}\d)/iu;
const NAME = /(?:my name is|name is|name\s*[:=]|\bname\b|named|i am|i['’]m|姓名|名字)\s*[:=：]?\s*(\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*){0,3}|[\p{Script=Han}]{2,4})/u;
const MESSAGE = /(?:message|note|comment|saying|留言|訊息)\s*(?:is|:|=|：)?\s*["“]?([^"”]{1,500}?)["”]?\s*(?:,\s*(?:and\s+)?(?:my\s+)?(?:name|email|phone)\b.*)?$/iu;

export function readFormValues(request: string): FormValues {
  const values: FormValues = {};
  const text = request.slice(0, 2_000);
  const email = EMAIL.exec(text)?.[0];
  if (email) values.email = email.replace(/[.,;]+$/, '');
  const phone = PHONE.exec(text)?.[1];
  if (phone) values.phone = phone.trim();
  const name = NAME.exec(text)?.[1];
  if (name) values.name = name.trim();
  const message = MESSAGE.exec(text)?.[1]?.trim().replace(/[.;]+$/, '');
  if (message) values.message = message;
  return values;
}
