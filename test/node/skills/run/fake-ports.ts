// Ports that record what the runner does, over a clock that moves only when the test says so.
import { memoryStorage, type MemoryStorage } from '../../../../core/storage/index.js';
import type { IntentEvent } from '../../../../core/events/intents.js';
import type { PieceSurface } from '../../../../core/surface/surface.types.js';
import type { SkillAgentRunEnd, SkillNavigation, SkillPorts, VisitorAnswer } from '../../../../core/skills/index.js';
import { createPreferenceStore, createSkillRegistry, createSkillRunner, type Skill, type SkillRunnerOptions } from '../../../../core/skills/index.js';
import { FakeClock } from '../../../support/fake-clock.js';

/** Lets pending promise callbacks run (several rounds: a run chains a few awaits per step). */
export async function flush(rounds = 20): Promise<void> {
  for (let round = 0; round < rounds; round++) await new Promise<void>((resolve) => setImmediate(resolve));
}

export type SurfaceAnswer = Record<string, unknown> | null | 'hold';

export interface FakeWorld {
  ports: SkillPorts;
  clock: FakeClock;
  storage: MemoryStorage;
  /** What the runner did, in order: `say …`, `point #a`, `navigate /x`, `surface modal`, `agent …`. */
  log: string[];
  intents: IntentEvent[];
  surfaces: PieceSurface[];
  /** Answers for the next surfaces, in order; `hold` leaves it open; none left: cancel. */
  surfaceAnswers: SurfaceAnswer[];
  /** Answers for the next waits; none left: the wait stays open until `visitor(answer)`. */
  waitAnswers: VisitorAnswer[];
  visitor(answer: VisitorAnswer): void;
  /** Selectors the page has; any other is looked for until the timeout. */
  targets: Set<string>;
  /** Paths that load another document. */
  documents: Set<string>;
  llmAnswer?: (prompt: string) => string | Promise<string>;
  agentEnd: SkillAgentRunEnd;
  /** Moves the clock by `ms`, letting promises settle around each timer. */
  advance(ms: number): Promise<void>;
}

export function fakeWorld(options: { storage?: MemoryStorage; clock?: FakeClock; llm?: boolean; agent?: boolean } = {}): FakeWorld {
  const clock = options.clock ?? new FakeClock();
  const storage = options.storage ?? memoryStorage();
  const log: string[] = [];
  const pendingWaits: ((answer: VisitorAnswer) => void)[] = [];
  const world: FakeWorld = {
    clock,
    storage,
    log,
    intents: [],
    surfaces: [],
    surfaceAnswers: [],
    waitAnswers: [],
    targets: new Set(),
    documents: new Set(),
    agentEnd: { status: 'done' },
    visitor: (answer) => pendingWaits.shift()?.(answer),
    async advance(ms) {
      const end = clock.now + ms;
      await flush();
      while (clock.now < end) {
        clock.advance(Math.min(50, end - clock.now));
        await flush();
      }
    },
    ports: undefined as unknown as SkillPorts,
  };
  world.ports = {
    navigate(path): SkillNavigation {
      log.push(`navigate ${path}`);
      return world.documents.has(path) ? 'document' : 'route';
    },
    subtitle: { show: (text) => void log.push(`say ${text}`), hide: () => void log.push('hide') },
    point(selector, style, label) {
      log.push(`point ${selector} ${style}${label ? ` ${label}` : ''}`);
      return { remove: () => log.push(`unpoint ${selector}`) };
    },
    inject(selector, text, position) {
      log.push(`inject ${selector} ${position} ${text}`);
      return { remove: () => undefined };
    },
    clearOverlays: () => void log.push('clear'),
    waitForVisitor({ hint, signal }) {
      log.push(`wait${hint ? ` ${hint}` : ''}`);
      const queued = world.waitAnswers.shift();
      if (queued) return Promise.resolve(queued);
      return new Promise((resolve, reject) => {
        pendingWaits.push(resolve);
        signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
      });
    },
    findTarget(selector, { timeoutMs, signal }) {
      if (world.targets.has(selector)) return Promise.resolve(true);
      return new Promise((resolve) => {
        const timer = clock.setTimeout(() => resolve(world.targets.has(selector)), timeoutMs);
        signal.addEventListener('abort', () => clock.clearTimeout(timer), { once: true });
      });
    },
    showSurface(surface, placement) {
      world.surfaces.push(surface);
      log.push(`surface ${placement}`);
      const answer = world.surfaceAnswers.length > 0 ? world.surfaceAnswers.shift()! : null;
      return answer === 'hold' ? new Promise(() => undefined) : Promise.resolve(answer);
    },
    ...(options.llm === false
      ? {}
      : {
          llm: async (prompt: string) => {
            log.push(`llm ${prompt}`);
            return world.llmAnswer ? world.llmAnswer(prompt) : `answer to ${prompt}`;
          },
        }),
    ...(options.agent === false
      ? {}
      : {
          startAgent(task: string) {
            log.push(`agent ${task}`);
            return { ended: Promise.resolve(world.agentEnd), stop: () => log.push('agent stopped') };
          },
        }),
    closePalette: () => void log.push('close palette'),
    storage,
    intent: (event) => void world.intents.push(event),
    selection: () => 'the selected words',
    page: () => ({ title: 'Plans', url: 'https://example.test/pricing', path: '/pricing' }),
    clock: { now: () => clock.now, setTimeout: (callback, ms) => clock.setTimeout(callback, ms), clearTimeout: (handle) => clock.clearTimeout(handle) },
  };
  return world;
}

/** A runner over `world` with these skills; errors the runner reports are kept, not printed. */
export function runnerFor(world: FakeWorld, skills: readonly Skill[], extra: Partial<SkillRunnerOptions> = {}) {
  const errors: unknown[] = [];
  const registry = createSkillRegistry(skills);
  const preferences = createPreferenceStore({ storage: memoryStorage() });
  const runner = createSkillRunner({ registry, preferences, ports: world.ports, onError: (error) => void errors.push(error), ...extra });
  return { runner, registry, preferences, errors };
}

/** The intents as `kind skillId [detail]`, for order checks. */
export function intentTrail(world: FakeWorld): string[] {
  return world.intents.map((event) => {
    if (event.kind === 'skill_step') return `step ${event.skillId} ${event.index} ${event.step}`;
    if (event.kind === 'skill_start') return `start ${event.skillId}${event.resumed ? ' resumed' : ''}`;
    if (event.kind === 'skill_done') return `done ${event.skillId} ${event.status}`;
    return event.kind;
  });
}
