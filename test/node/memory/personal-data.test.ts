import { test } from 'node:test';
import assert from 'node:assert/strict';
import { passesIbanCheck, passesLuhn, passesTaiwanIdCheck } from '../../../core/memory/privacy/checksums.js';
import { findPersonalData, redactPersonalData } from '../../../core/memory/privacy/personal-data.js';

const kinds = (text: string) => findPersonalData(text).map((finding) => `${finding.kind}:${text.slice(finding.start, finding.end)}`);

test('the check digits: Luhn, IBAN mod 97, the Taiwan id letter rule', () => {
  assert.equal(passesLuhn('4111111111111111'), true);
  assert.equal(passesLuhn('4111111111111112'), false);
  assert.equal(passesIbanCheck('GB82 WEST 1234 5698 7654 32'), true);
  assert.equal(passesIbanCheck('GB83 WEST 1234 5698 7654 32'), false);
  assert.equal(passesTaiwanIdCheck('A123456789'), true);
  assert.equal(passesTaiwanIdCheck('A123456788'), false);
});

test('card numbers are found only when their Luhn digit is right, however they are spaced', () => {
  assert.deepEqual(kinds('my card is 4111 1111 1111 1111, expires soon'), ['card-number:4111 1111 1111 1111']);
  assert.deepEqual(kinds('4111-1111-1111-1111'), ['card-number:4111-1111-1111-1111']);
  assert.deepEqual(kinds('order 4111 1111 1111 1112 shipped'), []);
  assert.deepEqual(kinds('call +1 415 555 0100 or order #12345'), []);
});

test('national ids and bank accounts by shape, with their checks', () => {
  assert.deepEqual(kinds('SSN 123-45-6789'), ['national-id:123-45-6789']);
  assert.deepEqual(kinds('ref 000-12-3456 and 666-12-3456'), []);
  assert.deepEqual(kinds('身分證 A123456789'), ['national-id:A123456789']);
  assert.deepEqual(kinds('serial A123456788'), []);
  assert.deepEqual(kinds('NI number AB 12 34 56 C'), ['national-id:AB 12 34 56 C']);
  assert.deepEqual(kinds('IBAN GB82 WEST 1234 5698 7654 32 please'), ['bank-account:GB82 WEST 1234 5698 7654 32']);
});

test('passwords and secrets: the secret itself, not the words around it', () => {
  assert.deepEqual(kinds('my password is hunter22'), ['password:hunter22']);
  assert.deepEqual(kinds('Password: "c0rrect-horse"'), ['password:c0rrect-horse']);
  assert.deepEqual(kinds('我的密碼是 abc12345'), ['password:abc12345']);
  assert.deepEqual(kinds('I bought a pinball machine and the pin is in'), []);
  assert.deepEqual(kinds('key sk-proj-abcdefghijklmnopqrstuvwx12'), ['secret:sk-proj-abcdefghijklmnopqrstuvwx12']);
  assert.deepEqual(kinds('AKIAIOSFODNN7EXAMPLE'), ['secret:AKIAIOSFODNN7EXAMPLE']);
  assert.deepEqual(kinds('token: eyJhbGciOiJIUzI1.eyJzdWIiOiIxMjM0NTY3.SflKxwRJSMeKKF2QT4f'), ['secret:eyJhbGciOiJIUzI1.eyJzdWIiOiIxMjM0NTY3.SflKxwRJSMeKKF2QT4f']);
  assert.equal(kinds('-----BEGIN RSA PRIVATE KEY-----\nMIIE\n-----END RSA PRIVATE KEY-----')[0]?.startsWith('secret:'), true);
});

test('one-time codes said as such; other numbers stay', () => {
  assert.deepEqual(kinds('Your verification code is 482913.'), ['one-time-code:482913']);
  assert.deepEqual(kinds('OTP: 1234'), ['one-time-code:1234']);
  assert.deepEqual(kinds('驗證碼 556677'), ['one-time-code:556677']);
  assert.deepEqual(kinds('I have 3 kids and 12345 steps today'), []);
});

test("the host's own patterns; redaction keeps the rest of the text", () => {
  const hostPatterns = [{ name: 'member-id', pattern: /\bM-\d{6}\b/ }];
  assert.deepEqual(findPersonalData('member M-123456 here', hostPatterns).map((finding) => finding.pattern), ['member-id']);
  const redacted = redactPersonalData('Card 4111 1111 1111 1111 and code is 9911, member M-123456.', hostPatterns);
  assert.equal(redacted.text, 'Card [card-number] and code is [one-time-code], member [member-id].');
  assert.equal(redacted.findings.length, 3);
});
