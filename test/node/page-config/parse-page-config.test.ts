import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parsePageConfig } from '../../../elements/config/parse-page-config.js';

const VALID = {
  id: 'site',
  locale: 'zh-tw',
  llm: { baseURL: '/api/llm', model: 'gpt-4o-mini' },
  siteName: 'Orchard',
  persona: 'You are Orchard’s guide.',
  sitemap: { title: 'Home', children: { pricing: { title: 'Pricing', keywords: ['plans'] } } },
  palette: {
    items: [
      { id: 'pricing', name: 'Pricing', section: 'Pages', keywords: ['plans'], actions: [{ kind: 'navigate', path: '/pricing' }] },
      { id: 'email', name: 'Copy the sales email', actions: [{ kind: 'copy', text: 'sales@orchard.example' }] },
      { id: 'tour', name: 'Give me a tour', actions: [{ kind: 'agent-task', task: 'Show me around' }] },
    ],
  },
  strings: { fr: { palette: { placeholder: 'Demandez…', suggestionCount: '{0} suggestions' } } },
  theme: 'dark',
  tokens: { '--dddk-color-accent': '#2f6f3e' },
  default: true,
};

function fields(text: string): string[] {
  return parsePageConfig(text).problems.map((problem) => problem.field);
}

function parse(value: unknown) {
  return parsePageConfig(JSON.stringify(value));
}

describe('parsePageConfig: a valid config', () => {
  it('keeps every field, canonicalizing the locale', () => {
    const { config, problems } = parse(VALID);
    assert.deepEqual(problems, []);
    assert.equal(config?.locale, 'zh-TW');
    assert.deepEqual(config?.llm, { baseURL: '/api/llm', model: 'gpt-4o-mini' });
    assert.equal(config?.palette?.items?.length, 3);
    assert.deepEqual(config?.palette?.items?.[0]?.actions, [{ kind: 'navigate', path: '/pricing' }]);
    assert.deepEqual(config?.strings?.fr, VALID.strings.fr);
    assert.equal(config?.theme, 'dark');
    assert.deepEqual(config?.tokens, VALID.tokens);
  });

  it('accepts an empty object (offline guide, default controller) and a flat sitemap', () => {
    assert.deepEqual(parse({}), { config: {}, problems: [] });
    const flat = parse({ sitemap: [{ path: '/pricing', description: 'Plans and prices', aliases: ['cost'] }] });
    assert.deepEqual(flat.problems, []);
    assert.equal(Array.isArray(flat.config?.sitemap), true);
  });
});

describe('parsePageConfig: problems name the field', () => {
  it('reports text that is not JSON, or JSON that is not an object, without a config', () => {
    const broken = parsePageConfig('{ id: "site" }');
    assert.equal(broken.config, undefined);
    assert.match(broken.problems[0]!.message, /not valid JSON/);
    assert.equal(parsePageConfig('[1]').config, undefined);
    assert.match(parsePageConfig('[1]').problems[0]!.message, /must be an object of fields, got an array/);
    assert.deepEqual(fields('// comment\n{}'), ['(json)'], 'JSON only: no comments');
  });

  it('reports each bad top-level field and keeps the good ones', () => {
    const { config, problems } = parse({ id: '', locale: 'not a tag!', siteName: 'Orchard', theme: 'blue', default: 'yes', colour: 'red' });
    assert.deepEqual(problems.map((problem) => problem.field), ['id', 'locale', 'theme', 'default', 'colour']);
    assert.match(problems[0]!.message, /page config: id must be a non-empty string, got the string ""/);
    assert.match(problems[1]!.message, /locale must be a BCP 47 language tag/);
    assert.match(problems[4]!.message, /unknown field "colour"; known fields are id, locale/);
    assert.deepEqual(config, { siteName: 'Orchard' });
  });

  it('checks llm, and refuses a key in the page', () => {
    assert.deepEqual(fields(JSON.stringify({ llm: { baseURL: '/api/llm' } })), ['llm.model']);
    assert.deepEqual(fields(JSON.stringify({ llm: 'openai' })), ['llm']);
    const keyed = parse({ llm: { baseURL: 'https://api.example', model: 'm', apiKey: 'sk-123' } });
    assert.equal(keyed.config?.llm, undefined, 'a config with a key gets no llm at all');
    assert.match(keyed.problems[0]!.message, /llm\.apiKey is refused: a key in the page is readable by every visitor/);
    assert.deepEqual(fields(JSON.stringify({ llm: { baseURL: 'javascript:alert(1)', model: 'm' } })), ['llm.baseURL']);
  });

  it('names the bad palette item by index (the palette\'s own checks) and drops only that item', () => {
    const go = [{ kind: 'navigate', path: '/' }];
    const { config, problems } = parse({
      palette: {
        items: [
          { id: 'ok', name: 'Fine', actions: go },
          { id: 'no-name', actions: go },
          { id: 'ok', name: 'Duplicate id', actions: go },
          { id: 'bad-url', name: 'x', actions: [{ kind: 'open-url', url: 'javascript:alert(1)' }] },
          { id: 'bad-kind', name: 'x', actions: [{ kind: 'launch' }] },
          { id: 'bad-keywords', name: 'x', keywords: 'plans', actions: go },
          { id: 'idle', name: 'Does nothing' },
          'pricing',
        ],
        color: 'red',
      },
    });
    assert.deepEqual(problems.map((problem) => problem.field), [
      'palette.items[1].name',
      'palette.items[2].id',
      'palette.items[3].actions[0].url',
      'palette.items[4].actions[0].kind',
      'palette.items[5].keywords',
      'palette.items[6]',
      'palette.items[7]',
      'palette.color',
    ]);
    assert.deepEqual(config?.palette?.items?.map((item) => item.id), ['ok']);
    assert.match(problems[1]!.message, /palette\.items\[2\]\.id "ok" is used by an earlier item/);
    for (const problem of problems) assert.match(problem.message, /^page config: /);
  });

  it('names the bad sitemap node by its path and drops the sitemap', () => {
    const { config, problems } = parse({ sitemap: { title: 'Home', children: { pricing: { title: 3, hidden: 'no' } } } });
    assert.deepEqual(problems.map((problem) => problem.field), ['sitemap.children.pricing.title', 'sitemap.children.pricing.hidden']);
    assert.equal(config?.sitemap, undefined);
    assert.deepEqual(fields(JSON.stringify({ sitemap: [{ path: 'pricing', description: '' }] })), ['sitemap[0].path', 'sitemap[0].description']);
    assert.deepEqual(fields(JSON.stringify({ sitemap: 'pages' })), ['sitemap']);
  });

  it('checks strings: locale tags and text only', () => {
    const { config, problems } = parse({ strings: { 'not a tag!': {}, fr: { palette: { placeholder: 3 } }, de: { palette: { hint: 'Enter' } } } });
    assert.deepEqual(problems.map((problem) => problem.field), ['strings.not a tag!', 'strings.fr.palette.placeholder']);
    assert.deepEqual(config?.strings, { de: { palette: { hint: 'Enter' } } });
  });

  it('checks token names and values', () => {
    const { config, problems } = parse({ tokens: { '--dddk-color-accent': 'red; background: url(x)', color: 'red', '--dddk-radius-m': '6px' } });
    assert.deepEqual(problems.map((problem) => problem.field), ['tokens.--dddk-color-accent', 'tokens.color']);
    assert.deepEqual(config?.tokens, { '--dddk-radius-m': '6px' });
  });
});
