import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { connectContextChips, createPaletteContextModel, type ContextChip, type PaletteContextState } from '../../../core/palette/context/index.js';

const BOUND = { timeout: 5_000 };
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 1, 2, 3]);
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]);
const GIF = new TextEncoder().encode('GIF89a-----');
const WEBP = Uint8Array.from([...new TextEncoder().encode('RIFF'), 0, 0, 0, 0, ...new TextEncoder().encode('WEBPVP8 ')]);
const PDF = new TextEncoder().encode('%PDF-1.7 not an image');

function file(bytes: Uint8Array, name: string, type = 'image/png'): Blob & { name: string } {
  return Object.assign(new Blob([bytes as BlobPart], { type }), { name });
}

const dataUrl = (bytes: Uint8Array, type = 'image/png') => `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;

/** A stand-in for the page layer's watcher: the test decides when the element goes. */
function fakeWatch() {
  let onGone: (() => void) | undefined;
  let stopped = 0;
  return {
    watch: (callback: () => void) => {
      onGone = callback;
      return () => void (stopped += 1);
    },
    leave: () => onGone?.(),
    get stopped() {
      return stopped;
    },
  };
}

const kinds = (chips: readonly ContextChip[]) => chips.map((chip) => (chip.kind === 'error' ? `error:${chip.reason}` : chip.kind));

describe('palette context: selection', () => {
  it('keeps one selection chip, bounded, first in the row; blank text removes it', BOUND, () => {
    const model = createPaletteContextModel({ maxSelectionLength: 10 });
    model.reportError('capture-failed');
    const chip = model.setSelection('  Hello wonderful world  ')!;
    assert.equal(chip.text, 'Hello wond');
    assert.equal(chip.truncated, true);
    assert.deepEqual(kinds(model.chips), ['selection', 'error:capture-failed']);
    model.setSelection('Other');
    assert.deepEqual(model.chips.filter((each) => each.kind === 'selection').map((each) => (each as { text: string }).text), ['Other']);
    assert.equal(model.setSelection('   '), undefined);
    assert.deepEqual(kinds(model.chips), ['error:capture-failed']);
    assert.deepEqual(model.toContext(), {});
  });

  it('shows a long selection truncated but sends it whole (up to the bound)', BOUND, () => {
    const model = createPaletteContextModel();
    const text = 'The quick brown fox jumps over the lazy dog. '.repeat(5).trim();
    model.setSelection(text);
    const view = connectContextChips(model, 'en');
    assert.ok(view.chips[0]!.label.length <= 32);
    assert.ok(view.chips[0]!.label.endsWith('…'));
    assert.equal(model.toContext().selection, text);
  });
});

describe('palette context: pinned elements', () => {
  it('sends a one-line description of a live element and stops sending it once gone', BOUND, () => {
    const model = createPaletteContextModel();
    const watcher = fakeWatch();
    const chip = model.pinElement({ description: { tag: 'button', role: 'button', name: 'Buy now', excerpt: 'Buy now for $10' }, watch: watcher.watch });
    assert.equal(chip.kind, 'element');
    assert.deepEqual(model.toContext().elements, ['button "Buy now" — text: "Buy now for $10"']);
    assert.equal(model.hasContext, true);

    const seen: PaletteContextState[] = [];
    model.subscribe((state) => seen.push(state));
    watcher.leave();
    const gone = model.chips[0]!;
    assert.equal(gone.kind === 'element' && gone.gone, true, 'the chip stays, marked gone');
    assert.equal(model.toContext().elements, undefined, 'a gone element is not sent');
    assert.equal(model.hasContext, false);
    assert.equal(watcher.stopped, 1, 'the watcher is stopped once the element is gone');
    assert.equal(seen.at(-1)!.change!.type, 'gone');
    const view = connectContextChips(model, 'en');
    assert.equal(view.chips[0]!.gone, true);
    assert.match(view.announcement, /Buy now.*no longer on the page/);
  });

  it('marks an element that was gone already when pinned', BOUND, () => {
    const model = createPaletteContextModel();
    let stops = 0;
    const chip = model.pinElement({
      description: { tag: 'div' },
      watch: (onGone) => {
        onGone();
        return () => void (stops += 1);
      },
    });
    assert.equal(chip.kind === 'element' && chip.gone, true);
    assert.equal(stops, 1);
  });

  it('pins the same target once, stops its watcher on remove, and bounds the count', BOUND, () => {
    const model = createPaletteContextModel({ maxElements: 2 });
    const target = {};
    const watcher = fakeWatch();
    const first = model.pinElement({ description: { tag: 'p', excerpt: 'Hi' }, target, watch: watcher.watch });
    assert.equal(model.pinElement({ description: { tag: 'p', excerpt: 'Hi' }, target }), first);
    model.pinElement({ description: { tag: 'h2', name: 'Pricing' } });
    const third = model.pinElement({ description: { tag: 'h3' } });
    assert.equal(third.kind === 'error' && third.reason, 'too-many');
    assert.equal(model.remove(first.id), true);
    assert.equal(watcher.stopped, 1);
    assert.equal(model.remove(first.id), false);
  });

  it('refuses a malformed source loudly (a programming error, not a visitor error)', BOUND, () => {
    const model = createPaletteContextModel();
    assert.throws(() => model.pinElement({} as never), /describeElement/);
  });
});

describe('palette context: images', () => {
  it('accepts PNG, JPEG, WebP and GIF by their bytes and sends them as data URLs', BOUND, async () => {
    const model = createPaletteContextModel({ maxImages: 10 });
    for (const [bytes, type] of [[PNG, 'image/png'], [JPEG, 'image/jpeg'], [WEBP, 'image/webp'], [GIF, 'image/gif']] as const) {
      const chip = await model.addImageFile(file(bytes, `x.${type.slice(6)}`, ''));
      assert.equal(chip.kind, 'image', type);
      assert.equal(chip.kind === 'image' && chip.mediaType, type);
      assert.equal(chip.kind === 'image' && chip.url, dataUrl(bytes, type));
    }
    const images = model.toContext().images!;
    assert.equal(images.length, 4);
    assert.deepEqual(images[0], { url: dataUrl(PNG), source: 'upload', name: 'x.png' });
  });

  it('turns a wrong type, a too-big file and one image too many into error chips, never throws', BOUND, async () => {
    const model = createPaletteContextModel({ maxImages: 2, maxImageBytes: 100 });
    const pdf = await model.addImageFile(file(PDF, 'report.pdf', 'image/png'));
    assert.equal(pdf.kind === 'error' && pdf.reason, 'unsupported-type', 'a declared type does not make a PDF an image');
    const big = await model.addImageFile(file(new Uint8Array(101), 'huge.png'));
    assert.equal(big.kind === 'error' && big.reason, 'too-large');
    const broken = await model.addImageFile({ name: 'x.png', size: 3, type: '', arrayBuffer: () => Promise.reject(new Error('disk gone')) } as never);
    assert.equal(broken.kind === 'error' && broken.reason, 'unreadable');
    assert.equal(broken.kind === 'error' && broken.detail, 'disk gone');
    await model.addImageFile(file(PNG, 'a.png'));
    await model.addImageFile(file(JPEG, 'b.jpg'));
    const extra = await model.addImageFile(file(GIF, 'c.gif'));
    assert.equal(extra.kind === 'error' && extra.reason, 'too-many');
    assert.deepEqual(kinds(model.chips), ['error:unsupported-type', 'error:too-large', 'error:unreadable', 'image', 'image', 'error:too-many']);
    assert.equal(model.toContext().images!.length, 2, 'errors are never sent');

    const view = connectContextChips(model, 'en');
    assert.equal(view.chips[0]!.label, 'report.pdf is not a PNG, JPEG, WebP or GIF image');
    assert.match(view.chips[1]!.label, /huge\.png is larger than/);
    assert.equal(view.chips[2]!.label, 'x.png could not be read');
    assert.equal(view.chips[5]!.label, 'At most 2 images can be attached');
    assert.equal(view.canAddImage, false);
    const zh = connectContextChips(model, 'zh-TW');
    assert.equal(zh.chips[5]!.label, '最多只能附加 2 張圖片');
  });

  it('two uploads at once cannot both take the last place', BOUND, async () => {
    const model = createPaletteContextModel({ maxImages: 1 });
    const [a, b] = await Promise.all([model.addImageFile(file(PNG, 'a.png')), model.addImageFile(file(PNG, 'b.png'))]);
    assert.deepEqual([a.kind, b.kind], ['image', 'error']);
  });

  it('adds a capture, reports a failed one as an error chip, and ignores a cancelled one', BOUND, async () => {
    const model = createPaletteContextModel();
    const seen: number[] = [];
    model.subscribe((state) => seen.push(state.pending));
    const captured = await model.captureImage(async () => dataUrl(PNG));
    assert.equal(captured?.kind === 'image' && captured.source, 'capture');
    assert.ok(seen.includes(1), 'the capture was shown as pending');
    assert.equal(model.state.pending, 0);
    assert.equal(await model.captureImage(async () => null), undefined);
    const failed = await model.captureImage(async () => {
      throw new Error('canvas tainted');
    });
    assert.equal(failed?.kind === 'error' && failed.reason, 'capture-failed');
    assert.equal(failed?.kind === 'error' && failed.detail, 'canvas tainted');
    const notAnImage = model.addImageUrl('data:text/html;base64,PGI+aGk8L2I+');
    assert.equal(notAnImage.kind === 'error' && notAnImage.reason, 'unsupported-type');
    assert.deepEqual(kinds(model.chips), ['image', 'error:capture-failed', 'error:unsupported-type']);
    assert.deepEqual(model.toContext(), { images: [{ url: dataUrl(PNG), source: 'capture' }] });
  });
});

describe('palette context: changes', () => {
  it('announces additions and removals, and clear() empties the bar', BOUND, async () => {
    const model = createPaletteContextModel();
    const watcher = fakeWatch();
    model.setSelection('Grove plan');
    assert.equal(connectContextChips(model, 'en').announcement, 'Added: Selected text “Grove plan”');
    model.pinElement({ description: { tag: 'section', name: 'Plans' }, watch: watcher.watch });
    assert.equal(model.removeLast(), true);
    const view = connectContextChips(model, 'en');
    assert.equal(view.announcement, 'Removed: Element “Plans”');
    assert.equal(watcher.stopped, 1);
    const before = view.announcementId;
    model.clear();
    const cleared = connectContextChips(model, 'zh-TW');
    assert.equal(cleared.announcement, '已移除所有內容');
    assert.ok(cleared.announcementId > before);
    assert.deepEqual(model.chips, []);
    assert.equal(model.removeLast(), false);
  });

  it('names every remove button after its chip', BOUND, async () => {
    const model = createPaletteContextModel();
    model.setSelection('Hello');
    await model.addImageFile(file(PNG, 'shot.png'));
    const view = connectContextChips(model, 'en');
    assert.deepEqual(view.chips.map((chip) => chip.removeLabel), ['Remove Selected text “Hello”', 'Remove Image “shot.png”']);
  });

  it('checks its options', BOUND, () => {
    assert.throws(() => createPaletteContextModel({ maxImages: 0 }), /options\.maxImages/);
    assert.throws(() => createPaletteContextModel({ maxImageBytes: Number.NaN }), /options\.maxImageBytes/);
  });
});
