import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { regionEditorStrings } from '../../../core/region-editor/region-editor.strings.js';
import { agentStrings } from '../../../core/agent/web-agent/agent.strings.js';
import { addStrings, clearStrings } from '../../../core/i18n/string-registry.js';
import { guideStrings } from '../../../core/llm/guide/guide.strings.js';
import { paletteContextStrings } from '../../../core/palette/context/palette-context.strings.js';
import { paletteStrings } from '../../../core/palette/palette.strings.js';
import { subtitleStrings } from '../../../core/subtitle/subtitle.strings.js';
import { surfaceStrings } from '../../../core/surface/surface.strings.js';

describe('every component reads its strings through the registry', () => {
  afterEach(() => clearStrings());

  it('serves the built-in en and zh-TW tables, a Chinese variant reading zh-TW', () => {
    assert.notEqual(paletteStrings('en').placeholder, paletteStrings('zh-TW').placeholder);
    assert.equal(paletteStrings('zh-HK').placeholder, paletteStrings('zh-TW').placeholder);
    assert.equal(regionEditorStrings('fr').close, regionEditorStrings('en').close);
  });

  it('shows a host override for each component, and only in that locale', () => {
    addStrings('fr', {
      palette: { placeholder: 'Rechercher…' },
      'palette-context': { attachImage: 'Joindre une image' },
      'region-editor': { close: 'Fermer' },
      agent: { done: 'Terminé.' },
      guide: { notFound: 'Rien trouvé.' },
      subtitle: { close: 'Fermer les sous-titres' },
      surface: { close: 'Fermer le panneau' },
    } as never);
    assert.equal(paletteStrings('fr').placeholder, 'Rechercher…');
    assert.equal(paletteStrings('fr-CA').placeholder, 'Rechercher…', 'same language');
    assert.equal((paletteContextStrings('fr') as unknown as { attachImage: string }).attachImage, 'Joindre une image');
    assert.equal(regionEditorStrings('fr').close, 'Fermer');
    assert.equal(agentStrings('fr').done, 'Terminé.');
    assert.equal(guideStrings('fr').notFound, 'Rien trouvé.');
    assert.equal(subtitleStrings('fr').close, 'Fermer les sous-titres');
    assert.notEqual(paletteStrings('en').placeholder, 'Rechercher…');
    // A key the host left out keeps the built-in text.
    assert.equal(paletteStrings('fr').dialogLabel, paletteStrings('en').dialogLabel);
    assert.ok(surfaceStrings('fr'));
  });
});
