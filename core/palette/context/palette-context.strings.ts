import { createStringTable } from '../../i18n/create-string-table.js';
import type { ContextErrorReason } from './palette-context.types.js';

export interface PaletteContextStrings {
  /** The accessible name of the chip bar. */
  barLabel: string;
  selection: string;
  element: string;
  upload: string;
  capture: string;
  error: string;
  /** Said of a pinned element that left the page. */
  gone: string;
  remove(label: string): string;
  attachImage: string;
  captureArea: string;
  /** Shown while an image is being read or an area captured. */
  working: string;
  errors: Record<ContextErrorReason, (name: string | undefined, limits: { maxImages: number; maxImageMegabytes: number }) => string>;
  added(label: string): string;
  removed(label: string): string;
  wentAway(label: string): string;
  cleared: string;
  picker: { label: string; instructions: string };
  /** The button that lets the visitor point at a page element to pin. */
  pinElement: string;
  elementPicker: { label: string; instructions: string };
}

const STRINGS: Record<'en' | 'zh-TW', PaletteContextStrings> = {
  en: {
    barLabel: 'Context sent with your request',
    selection: 'Selected text',
    element: 'Element',
    upload: 'Image',
    capture: 'Screenshot',
    error: 'Not added',
    gone: 'no longer on the page, will not be sent',
    remove: (label) => `Remove ${label}`,
    attachImage: 'Attach an image',
    captureArea: 'Capture an area of the page',
    working: 'Adding image…',
    errors: {
      'too-large': (name, { maxImageMegabytes }) => `${name ?? 'The image'} is larger than ${maxImageMegabytes} MB`,
      'unsupported-type': (name) => `${name ?? 'The file'} is not a PNG, JPEG, WebP or GIF image`,
      'too-many': (_name, { maxImages }) => `At most ${maxImages} images can be attached`,
      unreadable: (name) => `${name ?? 'The file'} could not be read`,
      'capture-failed': () => 'The area could not be captured',
    },
    added: (label) => `Added: ${label}`,
    removed: (label) => `Removed: ${label}`,
    wentAway: (label) => `${label} is no longer on the page and will not be sent`,
    cleared: 'All context removed',
    picker: {
      label: 'Choose an area to capture',
      instructions: 'Drag to draw a rectangle. Or use the arrow keys to move it, Shift with the arrow keys to resize it, Enter to capture. Esc cancels.',
    },
    pinElement: 'Pin an element',
    elementPicker: {
      label: 'Choose an element to pin',
      instructions: 'Point at an element and click to pin it. Or use the arrow keys or Tab to move between elements, Enter to pin. Esc cancels.',
    },
  },
  'zh-TW': {
    barLabel: '隨請求送出的內容',
    selection: '選取的文字',
    element: '元素',
    upload: '圖片',
    capture: '截圖',
    error: '未加入',
    gone: '已不在頁面上，不會送出',
    remove: (label) => `移除 ${label}`,
    attachImage: '附加圖片',
    captureArea: '擷取頁面的一個區域',
    working: '正在加入圖片…',
    errors: {
      'too-large': (name, { maxImageMegabytes }) => `${name ?? '圖片'}超過 ${maxImageMegabytes} MB`,
      'unsupported-type': (name) => `${name ?? '檔案'}不是 PNG、JPEG、WebP 或 GIF 圖片`,
      'too-many': (_name, { maxImages }) => `最多只能附加 ${maxImages} 張圖片`,
      unreadable: (name) => `無法讀取${name ?? '檔案'}`,
      'capture-failed': () => '無法擷取這個區域',
    },
    added: (label) => `已加入：${label}`,
    removed: (label) => `已移除：${label}`,
    wentAway: (label) => `${label}已不在頁面上，不會送出`,
    cleared: '已移除所有內容',
    picker: {
      label: '選擇要擷取的區域',
      instructions: '拖曳畫出矩形。也可用方向鍵移動、Shift 加方向鍵調整大小，按 Enter 擷取，Esc 取消。',
    },
    pinElement: '釘選頁面元素',
    elementPicker: {
      label: '選擇要釘選的元素',
      instructions: '指向元素後按一下即可釘選。也可用方向鍵或 Tab 在元素之間移動，按 Enter 釘選，Esc 取消。',
    },
  },
};

/** The chip bar's strings for `locale` (same tag, else same language, else English), with the host's `addStrings` on top. */
export const paletteContextStrings: (locale: string) => PaletteContextStrings = createStringTable('palette-context', STRINGS);

// The hub knows the table only through this declaration, so it imports nothing from the features.
declare module '../../i18n/string-tables.js' {
  interface StringTables {
    'palette-context': PaletteContextStrings;
  }
}
