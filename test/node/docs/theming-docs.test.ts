import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
// @ts-expect-error: a plain .mjs script without type declarations
import { END_MARKER, renderPartsSection, replaceSection, START_MARKER } from '../../../scripts/docs-parts.mjs';

const css = readFileSync(new URL('../../../theme/dddk.css', import.meta.url), 'utf8');
const docs = readFileSync(new URL('../../../docs/theming.md', import.meta.url), 'utf8');

function tokensIn(text: string): Set<string> {
  return new Set([...text.matchAll(/(--dddk-[a-z0-9-]+)\s*:/g)].map((match) => match[1]!));
}

/** The declarations inside the first block that follows `selector` in the theme. */
function blockAfter(selector: string): Map<string, string> {
  const start = css.indexOf(selector);
  assert.notEqual(start, -1, `theme/dddk.css has no ${selector}`);
  const body = css.slice(css.indexOf('{', start) + 1, css.indexOf('}', start));
  return new Map([...body.matchAll(/(--dddk-[a-z0-9-]+):\s*([^;]+);/g)].map((match) => [match[1]!, match[2]!.trim()]));
}

describe('docs/theming.md', () => {
  it('documents every token of theme/dddk.css, and only those', () => {
    const defined = tokensIn(css);
    const documented = new Set([...docs.matchAll(/^\| `(--dddk-[a-z0-9-]+)`/gm)].map((match) => match[1]!));
    assert.ok(defined.size > 30, `expected the theme to define its tokens, found ${defined.size}`);
    assert.deepEqual([...defined].filter((token) => !documented.has(token)), [], 'tokens missing from the docs');
    assert.deepEqual([...documented].filter((token) => !defined.has(token)), [], 'documented tokens the theme does not define');
  });

  it('holds a generated parts section between its markers', () => {
    const start = docs.indexOf(START_MARKER);
    const end = docs.indexOf(END_MARKER);
    assert.ok(start !== -1 && end > start);
    assert.match(docs.slice(start, end), /### `<dddk-palette>`[\s\S]*`::part\(input\)`/);
  });
});

describe('theme/dddk.css under forced colours', () => {
  it('maps every colour token to a system colour and drops shadows', () => {
    const light = blockAfter(":root,\n[data-dddk-theme='light']");
    const forced = blockAfter(':root:root,');
    const systemColours = /^(Canvas|CanvasText|GrayText|Highlight|HighlightText|LinkText|ButtonFace|ButtonText|ButtonBorder|Mark|MarkText|AccentColor|AccentColorText|none|light dark)$/;
    for (const token of light.keys()) {
      assert.ok(forced.has(token), `${token} has no forced-colours value`);
      assert.match(forced.get(token)!, systemColours, `${token} is ${forced.get(token)} under forced colours`);
    }
    assert.match(css, /@media \(forced-colors: active\)\s*\{\s*:root:root,\s*\[data-dddk-theme\]/);
  });

  it('zeroes every duration under reduced motion', () => {
    const durations = [...tokensIn(css)].filter((token) => token.startsWith('--dddk-duration-'));
    const reduced = blockAfter('@media (prefers-reduced-motion: reduce)');
    for (const token of durations) assert.equal(reduced.get(token), '0s', token);
  });
});

describe('scripts/docs-parts.mjs', () => {
  const manifest = {
    modules: [
      {
        declarations: [
          { kind: 'class', name: 'Helper' },
          {
            kind: 'class',
            tagName: 'x-zeta',
            summary: 'The last element. It has more to say.',
            cssParts: [{ name: 'base', description: 'The box | with a pipe.' }],
            cssProperties: [{ name: '--width', description: 'How wide.' }],
            cssStates: [{ name: 'open', description: 'Open.' }],
          },
          { kind: 'class', tagName: 'x-alpha', summary: 'The first.' },
        ],
      },
    ],
  };

  it('renders one section per element, sorted by tag, with parts, properties and states', () => {
    const section: string = renderPartsSection(manifest);
    assert.ok(section.indexOf('### `<x-alpha>`') < section.indexOf('### `<x-zeta>`'));
    assert.match(section, /### `<x-alpha>`\n\nThe first\.\n\nNo parts, custom properties or states\./);
    assert.match(section, /The last element\.\n\n\| Hook/);
    assert.match(section, /\| `::part\(base\)` \| The box \\\| with a pipe\. \|\n\| `--width` \| How wide\. \|\n\| `:state\(open\)` \| Open\. \|/);
    assert.doesNotMatch(section, /Helper/);
    assert.match(renderPartsSection({ modules: [] }), /run `npm run analyze`/);
  });

  it('replaces only the text between the markers, and names missing markers', () => {
    const document = `# Title\n\n${START_MARKER}\nold\n${END_MARKER}\n\nAfter.\n`;
    assert.equal(replaceSection(document, 'new\n'), `# Title\n\n${START_MARKER}\n\nnew\n\n${END_MARKER}\n\nAfter.\n`);
    assert.throws(() => replaceSection('# No markers', 'x'), /has no "<!-- dddk-parts:start/);
  });
});
