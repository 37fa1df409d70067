/**
 * The controller's memory, made when its code loads: the store (IndexedDB, else memory), the model,
 * consent asked in the subtitle bar, the agent's `remember` and `recall` tools, a run's summary kept
 * when it ends, and each write and forget said on the bus. `dispose()` withdraws the tools and stops
 * listening; the memories stay in the browser.
 */
import type { DddkController } from '../../controller/controller.types.js';
import { withMemoryFallback } from '../../storage/memory-fallback.js';
import { webStorage } from '../../storage/web-storage.js';
import { createMemory, type Memory, type MemoryEvent } from '../create-memory.js';
import { createStoredConsent } from '../memory-consent.js';
import { openMemoryStore } from '../store/memory-store.js';
import type { ControllerMemoryConfig } from './controller-memory.types.js';
import { memoryStrings } from './memory.strings.js';
import { showMemorySurface } from './memory-surface.js';
import { offerMemoryTools } from './memory-tools.js';
import './memory-bus-events.js';

export interface ControllerMemory {
  readonly memory: Memory;
  dispose(): void;
}

export interface ControllerMemoryOptions {
  controller: DddkController;
  config: ControllerMemoryConfig;
  siteName?: string;
  reportError(error: unknown, source: string): void;
}

export async function createControllerMemory({ controller, config, siteName, reportError }: ControllerMemoryOptions): Promise<ControllerMemory> {
  const { store: where, ...tiers } = config;
  const store = await openMemoryStore({
    name: where?.name ?? (controller.id === undefined ? 'dddk-memory' : `dddk-memory.${controller.id}`),
    ...(where?.factory !== undefined ? { factory: where.factory } : {}),
    ...(where?.database ? { database: where.database } : {}),
    onFailure: (failure) => reportError(new Error(failure.message, { cause: failure.error }), 'memory-storage'),
  });
  const consentStorage = withMemoryFallback(webStorage('local'), (failure) => reportError(new Error(failure.message), 'memory-consent'), { storageName: 'localStorage', subject: 'the consent answer', consequence: 'the visitor is asked again on the next page' });
  const consent = createStoredConsent(consentStorage, async () => {
    const words = memoryStrings(controller.locale);
    const answer = await controller.subtitle.ask({ kind: 'confirm', message: words.consentQuestion(siteName), acceptLabel: words.consentAccept, rejectLabel: words.consentReject });
    return answer.kind === 'confirm' && answer.accepted;
  });
  const memory = createMemory({ store, config: tiers, consent, onEvent: (event) => sayOnBus(controller, event) });

  const runs = new Map<string, string>();
  const stops = [
    controller.on('agent_start', (event) => void runs.set(event.runId, event.task)),
    // The session's end keeps what the run was about, as the model told it.
    controller.on('agent_final', (event) => {
      const task = runs.get(event.runId);
      runs.delete(event.runId);
      if (!tiers.episodic || task === undefined || event.reason !== 'done') return;
      const text = event.summary ? `Asked: ${task} — ${event.summary}` : `Asked: ${task}`;
      memory.remember({ tier: 'episodic', text: text.slice(0, 4000), source: { by: 'model', runId: event.runId } }).catch((error: unknown) => reportError(error, 'memory-episode'));
    }),
  ];
  const withdrawTools = offerMemoryTools({
    memory,
    config: tiers,
    tools: controller.tools,
    currentRun: () => {
      const run = [...runs.entries()].at(-1);
      return run ? { runId: run[0], task: run[1] } : undefined;
    },
  });
  const words = memoryStrings(controller.locale).surface;
  const removeRow = controller.palette.addItems([
    {
      id: 'memory-show',
      name: words.rowName,
      icon: { builtin: 'user' },
      keywords: ['memory', 'remember', 'forget', 'privacy', 'my data', 'delete'],
      actions: [
        {
          kind: 'custom',
          run: () => {
            controller.palette.close();
            showMemorySurface(controller, memory, reportError);
          },
        },
      ],
    },
  ]);
  return {
    memory,
    dispose() {
      removeRow();
      for (const stop of stops) stop();
      withdrawTools();
      memory.dispose();
      store.close();
    },
  };
}

function sayOnBus(controller: DddkController, event: MemoryEvent): void {
  if (event.type === 'memory_write') {
    const { record } = event;
    controller.emit('memory_write', { id: record.id, tier: record.tier, by: record.source.by, ...(record.source.runId ? { runId: record.source.runId } : {}), redacted: event.redacted });
  } else if (event.type === 'memory_refused') {
    controller.emit('memory_refused', { tier: event.input.tier, by: event.input.source.by, reason: event.reason, message: event.message });
  } else if (event.type === 'memory_forget') controller.emit('memory_forget', { ids: event.ids });
  else controller.emit('error', { error: event.error, source: 'memory-provider' });
}
