import { createStringTable } from '../i18n/create-string-table.js';

/** The words the surface and panel views add around host- and model-authored pieces. */
export interface SurfaceStrings {
  /** Heads the notice shown in place of a surface that failed validation. */
  invalidSurface: string;
  /** Shown while the piece renderers load. */
  loading: string;
  /** The accessible name of a modal or dock whose surface has no heading. */
  defaultLabel: string;
  close: string;
  /** The accessible name of a panel's × button. */
  dismissPanel(title: string | undefined): string;
  /** The accessible name of a panel without a title. */
  panelLabel: string;
  /** A required input left empty when the surface was submitted. */
  required: string;
  /** The accessible name of a ProgressBar without a label. */
  progress: string;
  /** Read after a link that opens in a new tab. */
  opensInNewTab: string;
  /** The trend of a Metric, in words. */
  trend: { up: string; down: string; flat: string };
  /** Shown for a piece the catalog knows but no renderer draws (a host's own piece). */
  noRenderer(piece: string): string;
  /** Shown in place of an image whose address the URL policy refused. */
  imageRefused(alt: string): string;
}

const STRINGS: Record<'en' | 'zh-TW', SurfaceStrings> = {
  en: {
    invalidSurface: 'This content could not be shown because its description is invalid:',
    loading: 'Loading…',
    defaultLabel: 'Form',
    close: 'Close',
    dismissPanel: (title) => (title ? `Close ${title}` : 'Close panel'),
    panelLabel: 'Panel',
    required: 'Fill in this field.',
    progress: 'Progress',
    opensInNewTab: '(opens in a new tab)',
    trend: { up: 'trending up', down: 'trending down', flat: 'unchanged' },
    noRenderer: (piece) => `No renderer for the piece "${piece}".`,
    imageRefused: (alt) => `Image not shown: ${alt}`,
  },
  'zh-TW': {
    invalidSurface: '此內容的描述有誤，無法顯示：',
    loading: '載入中…',
    defaultLabel: '表單',
    close: '關閉',
    dismissPanel: (title) => (title ? `關閉「${title}」` : '關閉面板'),
    panelLabel: '面板',
    required: '請填寫此欄位。',
    progress: '進度',
    opensInNewTab: '（在新分頁開啟）',
    trend: { up: '上升', down: '下降', flat: '持平' },
    noRenderer: (piece) => `沒有可顯示「${piece}」元件的繪製器。`,
    imageRefused: (alt) => `未顯示圖片：${alt}`,
  },
};

/**
 * The surface views' strings for `locale`: every Chinese locale reads the Traditional Chinese set,
 * others English, with the host's `addStrings(locale, { surface: … })` laid over them.
 */
export const surfaceStrings: (locale: string) => SurfaceStrings = createStringTable('surface', STRINGS);

declare module '../i18n/string-tables.js' {
  interface StringTables {
    surface: SurfaceStrings;
  }
}

// The hub knows the table only through this declaration, so it imports nothing from the features.
declare module '../i18n/string-tables.js' {
  interface StringTables {
    surface: SurfaceStrings;
  }
}
