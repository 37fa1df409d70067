/** The Luhn check of a card number's digits (payment cards, some national ids). */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let digit = digits.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return false;
    if (double) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
    double = !double;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** The ISO 13616 check of an IBAN (letters as 10–35, the whole number mod 97 is 1). */
export function passesIbanCheck(iban: string): boolean {
  const compact = iban.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(compact)) return false;
  const moved = compact.slice(4) + compact.slice(0, 4);
  let remainder = 0;
  for (const char of moved) {
    const value = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** The check letter rule of a Taiwan national id (A123456789): letter code and digits, weighted, mod 10. */
export function passesTaiwanIdCheck(id: string): boolean {
  if (!/^[A-Z][12489]\d{8}$/.test(id)) return false;
  const letters = 'ABCDEFGHJKLMNPQRSTUVXYWZIO';
  const code = letters.indexOf(id[0]!) + 10;
  const digits = [Math.floor(code / 10), code % 10, ...id.slice(1).split('').map(Number)];
  const weights = [1, 9, 8, 7, 6, 5, 4, 3, 2, 1, 1];
  return digits.reduce((sum, digit, i) => sum + digit * weights[i]!, 0) % 10 === 0;
}
