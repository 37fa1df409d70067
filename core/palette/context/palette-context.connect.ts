/**
 * The chip bar as words and flags, ready to bind: each chip's icon, visible label, longer
 * description, remove button name, and the sentence the live region should say for the last change.
 */
import { elementLabel } from './element-line.js';
import { paletteContextStrings, type PaletteContextStrings } from './palette-context.strings.js';
import type { ContextChip, ContextChipKind, PaletteContextModel } from './palette-context.types.js';

/** Visible labels are cut to this many characters; the full text stays in the description. */
const LABEL_LIMIT = 32;
const DESCRIPTION_LIMIT = 200;

export interface ContextChipView {
  id: string;
  kind: ContextChipKind;
  /** The chip's visible text. */
  label: string;
  /** What the chip is, said before the label (e.g. "Selected text"). */
  kindLabel: string;
  /** A longer account: the full selection, an element's whole line, an error's reason. */
  description: string;
  removeLabel: string;
  /** A pinned element that left the page. */
  gone: boolean;
  /** A data URL to show as a thumbnail (image chips). */
  thumbnail?: string;
}

export interface ContextChipsView {
  label: string;
  chips: ContextChipView[];
  attachLabel: string;
  captureLabel: string;
  canAddImage: boolean;
  /** An image is being read or captured. */
  busy: boolean;
  busyLabel: string;
  /** What the live region says about the last change; `announcementId` changes with every change. */
  announcement: string;
  announcementId: number;
  picker: PaletteContextStrings['picker'];
  /** The name of the button that starts choosing a page element. */
  pinLabel: string;
  elementPicker: PaletteContextStrings['elementPicker'];
}

export function connectContextChips(model: PaletteContextModel, locale: string): ContextChipsView {
  const strings = paletteContextStrings(locale);
  const limits = { maxImages: model.limits.maxImages, maxImageMegabytes: Math.round((model.limits.maxImageBytes / (1024 * 1024)) * 10) / 10 };
  const viewOf = (chip: ContextChip): ContextChipView => {
    const base = { id: chip.id, kind: chip.kind, gone: false };
    switch (chip.kind) {
      case 'selection': {
        const label = shorten(chip.text, LABEL_LIMIT);
        return { ...base, label, kindLabel: strings.selection, description: shorten(chip.text, DESCRIPTION_LIMIT), removeLabel: strings.remove(`${strings.selection} “${label}”`) };
      }
      case 'element': {
        const label = elementLabel(chip.description, LABEL_LIMIT);
        const description = chip.gone ? strings.gone : [chip.description.role ?? chip.description.tag, chip.description.excerpt ?? ''].filter(Boolean).join(': ');
        return { ...base, gone: chip.gone, label, kindLabel: strings.element, description: shorten(description, DESCRIPTION_LIMIT), removeLabel: strings.remove(`${strings.element} “${label}”`) };
      }
      case 'image': {
        const kindLabel = chip.source === 'capture' ? strings.capture : strings.upload;
        const label = chip.name ? shorten(chip.name, LABEL_LIMIT) : kindLabel;
        return { ...base, label, kindLabel, description: `${chip.mediaType.slice(6).toUpperCase()}, ${formatSize(chip.bytes)}`, removeLabel: strings.remove(chip.name ? `${kindLabel} “${label}”` : kindLabel), thumbnail: chip.url };
      }
      case 'error': {
        const label = strings.errors[chip.reason](chip.name, limits);
        return { ...base, label, kindLabel: strings.error, description: label, removeLabel: strings.remove(`“${shorten(label, LABEL_LIMIT)}”`) };
      }
    }
  };
  const chips = model.chips.map(viewOf);
  const state = model.state;
  return {
    label: strings.barLabel,
    chips,
    attachLabel: strings.attachImage,
    captureLabel: strings.captureArea,
    canAddImage: model.canAddImage,
    busy: state.pending > 0,
    busyLabel: strings.working,
    announcement: announce(state.change, strings, viewOf),
    announcementId: state.change?.seq ?? 0,
    picker: strings.picker,
    pinLabel: strings.pinElement,
    elementPicker: strings.elementPicker,
  };
}

function announce(change: PaletteContextModel['state']['change'], strings: PaletteContextStrings, viewOf: (chip: ContextChip) => ContextChipView): string {
  if (!change) return '';
  if (change.type === 'cleared') return strings.cleared;
  if (!change.chip) return '';
  const chip = viewOf(change.chip);
  // An error chip's label is its whole message.
  const said = chip.kind === 'error' ? `${chip.kindLabel}: ${chip.label}` : `${chip.kindLabel} “${chip.label}”`;
  if (change.type === 'added') return chip.kind === 'error' ? said : strings.added(said);
  if (change.type === 'removed') return strings.removed(said);
  return strings.wentAway(said);
}

function shorten(text: string, limit: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > limit ? `${flat.slice(0, limit - 1).trimEnd()}…` : flat;
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
