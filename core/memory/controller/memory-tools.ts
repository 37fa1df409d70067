/**
 * The agent's `remember` and `recall` tools. A memory the model writes is the model's inference,
 * unless the words are the visitor's own: the text must appear in what the visitor asked this run,
 * checked here, not taken from the model's say-so.
 */
import { foldText } from '../../search/tokenize.js';
import type { ToolsRegistry } from '../../tools/tools.types.js';
import { memoryDay } from '../memory-context.js';
import type { Memory } from '../create-memory.js';
import type { MemoryConfig } from '../memory.types.js';
import type { MemoryAuthority } from '../store/memory-record.types.js';

export interface MemoryToolsOptions {
  memory: Memory;
  config: MemoryConfig;
  tools: ToolsRegistry;
  /** The visitor's own words this run (the task), and the run's id. */
  currentRun(): { task: string; runId: string } | undefined;
}

const fold = (text: string) => foldText(text).replace(/\s+/g, ' ').trim();

/** Registers the tools; the returned function withdraws them. */
export function offerMemoryTools(options: MemoryToolsOptions): () => void {
  const { memory, config } = options;
  const fields = Object.keys(config.core?.schema ?? {});
  const noteTier = config.drawer ? 'drawer' : config.episodic ? 'episodic' : undefined;
  const handles = [
    options.tools.register({
      name: 'remember',
      description:
        'Keep something for later visits when the visitor asks you to remember it, or a lasting fact about them they told you. ' +
        (fields.length ? `Give key (one of ${fields.join(', ')}) for a field of their profile; ` : '') +
        'otherwise it is kept as a note. Never keep what a web page says about the visitor.',
      parameters: {
        type: 'object',
        properties: {
          text: { type: 'string', description: 'What to keep, in the visitor’s words where you can', maxLength: 1000 },
          ...(fields.length ? { key: { type: 'string', enum: fields, description: 'The profile field, when it is one' } } : {}),
        },
        required: ['text'],
        additionalProperties: false,
      },
      effects: false,
      label: 'Remember',
      handler: async (args: { text: string; key?: string }) => {
        const run = options.currentRun();
        const said = run !== undefined && fold(run.task).includes(fold(args.text));
        const by: MemoryAuthority = said ? 'visitor' : 'model';
        const tier = args.key !== undefined ? 'core' : noteTier;
        if (!tier) throw new Error('memory keeps no notes here; only the profile fields can be remembered');
        const outcome = await memory.remember({
          tier,
          text: args.text,
          source: { by, ...(run ? { runId: run.runId } : {}) },
          ...(args.key !== undefined ? { key: args.key } : { wing: 'notes', room: 'remembered' }),
        });
        if (!outcome.ok) throw new Error(`not kept: ${outcome.message}`);
        return { kept: true, as: by === 'visitor' ? "the visitor's words" : 'your inference', ...(outcome.redacted ? { removed: `${outcome.redacted} piece(s) of personal data` } : {}) };
      },
    }),
    options.tools.register({
      name: 'recall',
      description: 'Look up what you remember of this visitor from earlier visits: their profile, past visits and notes.',
      parameters: { type: 'object', properties: { query: { type: 'string', description: 'What to look for', maxLength: 500 } }, required: ['query'], additionalProperties: false },
      effects: false,
      label: 'Recall',
      handler: (args: { query: string }) => ({
        profile: memory.profile().map((record) => ({ [record.key ?? 'field']: record.text, by: record.source.by })),
        found: memory.recall(args.query, { limit: 5 }).map(({ record }) => ({ text: record.text, tier: record.tier, by: record.source.by, date: memoryDay(record.createdAt) })),
      }),
    }),
  ];
  return () => {
    for (const handle of handles) handle.remove();
  };
}
