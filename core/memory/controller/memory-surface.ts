/**
 * "What do you remember about me?": every memory with where it came from and when, each deletable,
 * everything deletable at once, and a copy as JSON. Shown as a dialog; it is drawn again after each
 * deletion, so what it shows is what is kept.
 */
import type { DddkController } from '../../controller/controller.types.js';
import { presentSurface } from '../../surface/present-surface.js';
import type { PieceNode, PieceSurface } from '../../surface/surface.types.js';
import type { Memory } from '../create-memory.js';
import { memoryDay } from '../memory-context.js';
import type { MemoryRecord } from '../store/memory-record.types.js';
import { memoryStrings, type MemoryStrings } from './memory.strings.js';

/** At most this many are listed, newest first; the export holds them all. */
const SHOWN = 100;

export function memorySurface(records: readonly MemoryRecord[], words: MemoryStrings['surface']): { surface: PieceSurface; ids: string[] } {
  const shown = [...records].sort((a, b) => b.createdAt - a.createdAt).slice(0, SHOWN);
  const cards: PieceNode[] = shown.map((record, index) => ({
    piece: 'Card',
    props: { title: `${words.tier[record.tier]}${record.key ? `: ${record.key}` : ''}` },
    children: [
      { piece: 'Body', props: { text: record.text.slice(0, 2000) } },
      { piece: 'Body', props: { text: `${words.by[record.source.by]} · ${memoryDay(record.createdAt)}`, tone: 'muted' } },
      { piece: 'Button', props: { text: words.forget, variant: 'secondary', action: { type: 'custom', name: `forget.${index}` } } },
    ],
  }));
  const children: PieceNode[] = [
    { piece: 'Heading', props: { text: words.heading } },
    { piece: 'Body', props: { text: words.intro } },
    ...(cards.length > 0 ? cards : [{ piece: 'Body', props: { text: words.empty, tone: 'muted' } } as PieceNode]),
    {
      piece: 'Stack',
      props: { direction: 'horizontal', gap: 8 },
      children: [
        ...(records.length > 0
          ? [
              { piece: 'Button', props: { text: words.export, action: { type: 'custom', name: 'export' } } } as PieceNode,
              { piece: 'Button', props: { text: words.forgetAll, variant: 'danger', action: { type: 'custom', name: 'forget-all' } } } as PieceNode,
            ]
          : []),
        { piece: 'Button', props: { text: words.close, variant: 'primary', action: { type: 'cancel' } } },
      ],
    },
  ];
  return { surface: { root: { piece: 'Stack', props: { direction: 'vertical', gap: 12 }, children } }, ids: shown.map((record) => record.id) };
}

/** Shows the surface until the visitor closes it. */
export function showMemorySurface(controller: DddkController, memory: Memory, reportError: (error: unknown, source: string) => void): void {
  const words = memoryStrings(controller.locale).surface;
  let current = memorySurface(memory.list(), words);
  const redraw = () => {
    current = memorySurface(memory.list(), words);
    view.update(current.surface);
  };
  const forget = (work: Promise<unknown>) =>
    work.then(redraw, (error: unknown) => {
      redraw();
      controller.subtitle.show({ text: words.forgetFailed, type: 'warning' });
      reportError(error, 'memory-forget');
    });
  const view = presentSurface(controller, current.surface, {
    placement: 'modal',
    label: words.heading,
    onAction(event) {
      const name = event.action.type === 'custom' ? event.action.name : undefined;
      if (name === 'export') downloadJson('memories.json', memory.list());
      else if (name === 'forget-all') void forget(memory.forgetAll());
      else if (name?.startsWith('forget.')) {
        const id = current.ids[Number(name.slice('forget.'.length))];
        if (id !== undefined) void forget(memory.forget(id));
      }
    },
  });
}

/** A file the browser saves; the memories never leave the page otherwise. */
function downloadJson(filename: string, data: unknown): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify({ format: 'dddk.memories', version: 1, exportedAt: new Date().toISOString(), memories: data }, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
