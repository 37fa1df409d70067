import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { partialContent } from '../../../core/agent/authoring/proposal-text.js';

describe('partialContent', () => {
  it('is undefined until the content string has opened', () => {
    assert.equal(partialContent(''), undefined);
    assert.equal(partialContent('{"id":"hero"'), undefined);
    assert.equal(partialContent('{"id":"hero","content":'), undefined);
    assert.equal(partialContent('{"id":"hero","content":"'), '');
  });

  it('decodes the escapes that have fully arrived and holds back a cut-off one', () => {
    const full = JSON.stringify({ id: 'hero', content: '<p class="a">Line\n\t\\ é ☃ 😀</p>' });
    assert.equal(partialContent(full), '<p class="a">Line\n\t\\ é ☃ 😀</p>');
    const escaped = '{"id":"x","content":"a\\u00e9b\\"c';
    assert.equal(partialContent(escaped), 'aéb"c');
    assert.equal(partialContent('{"id":"x","content":"ab\\'), 'ab');
    assert.equal(partialContent('{"id":"x","content":"ab\\u00'), 'ab');
  });

  it('grows monotonically while the arguments stream in, ending at the whole content', () => {
    const content = 'Spring "launch"\nis <b>here</b> \\o/';
    const text = JSON.stringify({ id: 'hero-lede', content });
    let previous = '';
    for (let end = 0; end <= text.length; end += 1) {
      const decoded = partialContent(text.slice(0, end)) ?? '';
      assert.ok(decoded.startsWith(previous), `at ${end}: ${JSON.stringify(decoded)} does not extend ${JSON.stringify(previous)}`);
      previous = decoded;
    }
    assert.equal(previous, content);
  });

  it('finds content whatever the key order', () => {
    assert.equal(partialContent('{"content":"<p>Hi</p>","id":"x"}'), '<p>Hi</p>');
  });
});
