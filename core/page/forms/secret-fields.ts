/**
 * Fields whose value must never leave them: passwords, one-time codes and payment card details. A
 * field counts as secret by its type, its autocomplete tokens, a masking style, or names and labels
 * that say so, since many sites mark such fields only by name.
 */

export type SecretKind = 'password' | 'one-time-code' | 'payment';

const AUTOCOMPLETE_KINDS: Readonly<Record<string, SecretKind>> = {
  'current-password': 'password',
  'new-password': 'password',
  'one-time-code': 'one-time-code',
  'cc-number': 'payment',
  'cc-csc': 'payment',
  'cc-exp': 'payment',
  'cc-exp-month': 'payment',
  'cc-exp-year': 'payment',
};

/** Input types a person types text into; only such fields (and selects) can hold a secret. */
const TEXT_LIKE_TYPES = new Set(['text', 'password', 'search', 'tel', 'number', 'email', 'url', '']);

/** Names and labels that mean a secret, matched on a lower-case text with word breaks restored. */
const NAMED_KINDS: ReadonlyArray<readonly [RegExp, SecretKind]> = [
  [/\b(pass ?words?|passwd|pwd|passphrase|pass ?code|pin( ?code| ?number)?)\b/, 'password'],
  [/\b(one ?time ?(pass ?code|code|password|pin)|otp|verification ?code|2fa ?code|mfa ?code|totp)\b/, 'one-time-code'],
  [/\b(cvv2?|cvc2?|csc|card ?(number|no|num|verification)|cc ?(num|number|no|cvv|cvc)|security ?code|credit ?card|iban)\b/, 'payment'],
  // CJK labels: 密碼/密码 (password), 驗證碼/验证码 (verification code), 卡號/卡号 (card number), 安全碼 (security code).
  [/(密碼|密码|口令)/, 'password'],
  [/(驗證碼|验证码|動態碼|动态码)/, 'one-time-code'],
  [/(卡號|卡号|信用卡|安全碼|安全码)/, 'payment'],
];

/** What kind of secret the field holds, or undefined when it is an ordinary field (or not a field). */
export function secretKindOf(element: Element): SecretKind | undefined {
  const tag = element.localName;
  if (tag !== 'input' && tag !== 'select' && tag !== 'textarea') return undefined;
  if (tag === 'input') {
    const type = (element as HTMLInputElement).type;
    if (type === 'password') return 'password';
    if (!TEXT_LIKE_TYPES.has(type)) return undefined;
  }
  for (const token of (element.getAttribute('autocomplete') ?? '').toLowerCase().split(/\s+/)) {
    const kind = AUTOCOMPLETE_KINDS[token];
    if (kind) return kind;
  }
  if (tag !== 'select' && isMaskedByStyle(element)) return 'password';
  const names = [element.getAttribute('name'), element.id, element.getAttribute('aria-label'), element.getAttribute('placeholder'), labelText(element)];
  for (const name of names) {
    if (!name) continue;
    const words = wordsOf(name);
    for (const [pattern, kind] of NAMED_KINDS) if (pattern.test(words)) return kind;
  }
  return undefined;
}

export function isSecretField(element: Element): boolean {
  return secretKindOf(element) !== undefined;
}

/** `cardNumber`, `card_number` and "Card number" all read `card number`. */
function wordsOf(text: string): string {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_\-.:*\s]+/g, ' ')
    .toLowerCase()
    .trim();
}

function labelText(element: Element): string {
  const labels = (element as HTMLInputElement).labels;
  if (!labels || labels.length === 0) return '';
  return Array.from(labels, (label) => label.textContent ?? '').join(' ');
}

/** `-webkit-text-security: disc` shows dots for every character, as a password field does. */
function isMaskedByStyle(element: Element): boolean {
  const view = element.ownerDocument.defaultView;
  if (!view) return false;
  const masking = view.getComputedStyle(element).getPropertyValue('-webkit-text-security');
  return masking !== '' && masking !== 'none';
}
