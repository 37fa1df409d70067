import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { connectContextChips, createPaletteContextModel } from '../../../core/palette/context/index.js';

const BOUND = { timeout: 5_000 };

describe('palette context: the "pin an element" words', () => {
  it('names the button and the element picker in English and Traditional Chinese', BOUND, () => {
    const model = createPaletteContextModel();
    const en = connectContextChips(model, 'en');
    assert.equal(en.pinLabel, 'Pin an element');
    assert.equal(en.elementPicker.label, 'Choose an element to pin');
    assert.match(en.elementPicker.instructions, /arrow keys or Tab/);
    assert.match(en.elementPicker.instructions, /Esc cancels/);
    const zh = connectContextChips(model, 'zh-TW');
    assert.equal(zh.pinLabel, '釘選頁面元素');
    assert.equal(zh.elementPicker.label, '選擇要釘選的元素');
    assert.match(zh.elementPicker.instructions, /Esc 取消/);
    assert.equal(connectContextChips(model, 'zh-Hant-TW').pinLabel, '釘選頁面元素', 'a longer zh tag falls back to zh-TW');
  });

  it('the page layer\'s element picker loads in Node without touching the DOM', BOUND, async () => {
    const capture = await import('../../../core/page/context-capture/index.js');
    assert.equal(typeof capture.pickElement, 'function');
    assert.equal(capture.ELEMENT_PICKER_TAG, 'dddk-element-picker');
  });
});
