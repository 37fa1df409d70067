import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { createStringTable } from '../../../core/i18n/create-string-table.js';
import { addStrings, clearStrings, onStringsChange } from '../../../core/i18n/string-registry.js';

interface DemoStrings {
  title: string;
  close: string;
  count(n: number): string;
  labels: { ok: string; cancel: string; extra?: string };
}

const BUILTIN = {
  en: { title: 'Title', close: 'Close', count: (n: number) => `${n} items`, labels: { ok: 'OK', cancel: 'Cancel' } },
  'zh-TW': { title: '標題', close: '關閉', count: (n: number) => `${n} 個項目`, labels: { ok: '確定', cancel: '取消' } },
} satisfies Record<string, DemoStrings>;

// Each test gets its own component name, so cached lookups of one never leak into another.
let counter = 0;
function table() {
  counter += 1;
  const component = `demo-${counter}`;
  return { component, strings: createStringTable<DemoStrings>(component, BUILTIN) };
}

afterEach(() => clearStrings());

describe('createStringTable: built-in fallback order', () => {
  it('takes the exact tag, then the same language, then English', () => {
    const { strings } = table();
    assert.equal(strings('zh-TW').title, '標題');
    assert.equal(strings('zh-HK').title, '標題', 'zh-HK reads the other Chinese table');
    assert.equal(strings('zh').close, '關閉');
    assert.equal(strings('en-GB').title, 'Title');
    assert.equal(strings('fr').title, 'Title', 'an unknown language reads English');
    assert.equal(strings('').title, 'Title');
    assert.equal(strings('zh_tw').title, '標題', 'underscores and case are tolerated');
  });

  it('returns the built-in table itself when the host added nothing', () => {
    const { strings } = table();
    assert.equal(strings('zh-TW'), BUILTIN['zh-TW']);
    assert.equal(strings('de'), BUILTIN.en);
  });
});

describe('addStrings: host overrides', () => {
  it('adds a locale whose missing keys fall back to English', () => {
    const { component, strings } = table();
    addStrings('fr', { [component]: { title: 'Titre', labels: { ok: "D'accord" } } } as never);
    const fr = strings('fr-CA');
    assert.equal(fr.title, 'Titre');
    assert.equal(fr.labels.ok, "D'accord");
    assert.equal(fr.labels.cancel, 'Cancel', 'a key the host left out keeps the English text');
    assert.equal(fr.close, 'Close');
    assert.equal(fr.count(3), '3 items');
    assert.equal(strings('en').title, 'Title', 'English is untouched');
  });

  it('overrides a built-in locale deeply, exact tag over language', () => {
    const { component, strings } = table();
    addStrings('zh', { [component]: { close: '關掉', labels: { ok: '好' } } } as never);
    addStrings('zh-HK', { [component]: { close: '閂' } } as never);
    assert.equal(strings('zh-HK').close, '閂', 'the exact tag wins');
    assert.equal(strings('zh-HK').labels.ok, '好', 'the language layer still applies under it');
    assert.equal(strings('zh-HK').labels.cancel, '取消', 'the rest is the built-in Chinese table');
    assert.equal(strings('zh-TW').close, '關掉', 'host "zh" strings beat the built-in zh-TW table');
    assert.equal(BUILTIN['zh-TW'].close, '關閉', 'the built-in table is never changed');
  });

  it('applies English host strings only where the English table is used', () => {
    const { component, strings } = table();
    addStrings('en', { [component]: { title: 'Heading' } } as never);
    assert.equal(strings('en-US').title, 'Heading');
    assert.equal(strings('fr').title, 'Heading', 'a locale falling back to English gets the English override');
    assert.equal(strings('zh-TW').title, '標題', 'Chinese never shows English overrides');
  });

  it('turns a template into a function for function-valued entries, and accepts functions', () => {
    const { component, strings } = table();
    addStrings('fr', { [component]: { count: '{0} éléments ({1})' } } as never);
    assert.equal(strings('fr').count(4), '4 éléments ({1})', 'a placeholder without an argument stays as written');
    addStrings('de', { [component]: { count: (n: number) => `${n} Elemente` } } as never);
    assert.equal(strings('de').count(2), '2 Elemente');
  });

  it('merges successive additions for one locale', () => {
    const { component, strings } = table();
    addStrings('fr', { [component]: { title: 'Titre' } } as never);
    addStrings('fr', { [component]: { close: 'Fermer' } } as never);
    assert.equal(strings('fr').title, 'Titre');
    assert.equal(strings('fr').close, 'Fermer');
  });

  it('sees strings added after a lookup (the cache follows the registry), and clearStrings removes them', () => {
    const { component, strings } = table();
    assert.equal(strings('fr').title, 'Title');
    addStrings('fr', { [component]: { title: 'Titre' } } as never);
    assert.equal(strings('fr').title, 'Titre');
    clearStrings('fr');
    assert.equal(strings('fr').title, 'Title');
  });

  it('adds text for an entry the built-in group leaves out, and skips entries of the wrong kind with a warning', (t) => {
    const warn = t.mock.method(console, 'warn', () => undefined);
    const { component, strings } = table();
    addStrings('en', { [component]: { labels: { extra: 'More' }, title: { nested: 'x' }, close: 'Shut' } } as never);
    const en = strings('en');
    assert.equal(en.labels.extra, 'More');
    assert.equal(en.title, 'Title', 'a group cannot replace text');
    assert.equal(en.close, 'Shut', 'the valid entries of the same call still apply');
    assert.equal(warn.mock.callCount(), 1);
    assert.match(String(warn.mock.calls[0]!.arguments[0]), new RegExp(`strings\\.${component}\\.title must be text`));
    strings('en-GB');
    assert.equal(warn.mock.callCount(), 1, 'each skipped entry is reported once');
  });

  it('tells listeners about changes', () => {
    let calls = 0;
    const stop = onStringsChange(() => (calls += 1));
    addStrings('fr', { palette: { placeholder: 'Demandez…' } });
    clearStrings();
    stop();
    addStrings('fr', { palette: { placeholder: 'x' } });
    assert.equal(calls, 2);
  });
});

describe('addStrings: bad input is named', () => {
  it('rejects a missing or malformed locale', () => {
    assert.throws(() => addStrings('', {}), /addStrings\(locale, strings\): locale must be a BCP 47 language tag/);
    assert.throws(() => addStrings(42 as never, {}), /locale must be a BCP 47 language tag.*a number \(42\)/);
    assert.throws(() => addStrings('not a tag!', {}), /locale "not a tag!" is not a valid BCP 47 language tag/);
  });

  it('names the entry that is not a string, a function or a group', () => {
    assert.throws(() => addStrings('fr', null as never), /strings must be an object of tables by component.*got null/);
    assert.throws(() => addStrings('fr', { palette: 'Fermer' } as never), /strings\.palette must be an object of strings, got the string "Fermer"/);
    assert.throws(
      () => addStrings('fr', { subtitle: { prompt: { confirm: { accept: 1 } } } } as never),
      /strings\.subtitle\.prompt\.confirm\.accept must be a string, a function or an object of strings, got a number \(1\)/,
    );
    assert.throws(() => addStrings('fr', { 'Bad Name': {} } as never), /strings\.Bad Name is not a component name/);
  });

  it('adds nothing when any entry is bad', () => {
    const { component, strings } = table();
    assert.throws(() => addStrings('fr', { [component]: { title: 'Titre' }, other: { x: [] } } as never));
    assert.equal(strings('fr').title, 'Title');
  });
});

describe('the shipped tables that read the registry', () => {
  it("lays host strings over the subtitle bar's tables", async () => {
    const { subtitleStrings } = await import('../../../core/subtitle/subtitle.strings.js');
    addStrings('fr', { subtitle: { close: 'Fermer les sous-titres', prompt: { choice: { hint: 'Touches 1 à {0}' } } } });
    const fr = subtitleStrings('fr-FR');
    assert.equal(fr.close, 'Fermer les sous-titres');
    assert.equal(fr.prompt.choice.hint(3), 'Touches 1 à 3');
    assert.equal(fr.prompt.confirm.accept, 'Confirm', 'the rest is English');
    assert.equal(subtitleStrings('zh-TW').close, '關閉字幕');
  });
});
