import assert from 'node:assert/strict';
import { test } from 'node:test';
import { scrubSecrets } from '../../../server/index.js';

test('scrubs the configured secrets and anything shaped like a credential, keeping what names it', () => {
  const text = [
    'key sk-proj-abcdefghijklmnopqrst and sk-ant-api03-zzzzzzzzzzzzzz',
    'google AIzaSyA1234567890abcdefghijklmno',
    'github ghp_abcdefghijklmnop',
    'header Bearer eyJhbGciOiJIUzI1NiJ9.x.y',
    'url https://api.example/v1?api_key=s3cr3t&x=1 and https://user:pa55@host.example/',
    'configured my-own-secret-value',
  ].join('\n');
  const scrubbed = scrubSecrets(text, ['my-own-secret-value']);
  for (const leaked of ['abcdefghijklmnopqrst', 'zzzzzzzzzzzzzz', 'AIzaSy', 'ghp_', 'eyJhbGci', 's3cr3t', 'pa55', 'my-own-secret-value']) {
    assert.ok(!scrubbed.includes(leaked), `${leaked} survived: ${scrubbed}`);
  }
  assert.match(scrubbed, /\?api_key=\[redacted\]&x=1/);
  assert.match(scrubbed, /https:\/\/\[redacted\]host\.example/);
  assert.equal(scrubSecrets('plain words, no keys', []), 'plain words, no keys');
});
