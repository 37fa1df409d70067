/**
 * An FAQ as one agent tool: the model asks a question and reads the best entries, or reads that the
 * FAQ has no confident answer, so it says it does not know instead of quoting the nearest entry.
 */
import { createQAIndex } from '../search/qa/qa-index.js';
import type { RegisterQAOptions } from './catalog-tools.types.js';
import { checkToolOptions, clipText } from './catalog-tool-options.js';
import type { HostToolHandle, ToolsRegistry } from './tools.types.js';

const WHERE = 'dddk.tools.registerQA(options)';
const DEFAULT_DESCRIPTION =
  "Looks a visitor's question up in this site's FAQ. Use it first for questions about the site, its plans, policies and how things work; " +
  'when it says there is no confident match, say you do not know rather than guess.';

export function registerQATool(registry: ToolsRegistry, options: RegisterQAOptions): HostToolHandle {
  const { name, description } = checkToolOptions(WHERE, options, 'qa_lookup', DEFAULT_DESCRIPTION);
  const index = createQAIndex({ items: options.items, ...(options.topK !== undefined ? { topK: options.topK } : {}) });
  return registry.register<{ question: string }>({
    name,
    description,
    parameters: {
      type: 'object',
      properties: { question: { type: 'string', minLength: 1, maxLength: 500, description: "The visitor's question, in their words." } },
      required: ['question'],
      additionalProperties: false,
    },
    effects: false,
    label: 'FAQ',
    handler: ({ question }) => {
      const { confident, matches } = index.lookup(question);
      const entries = matches.map((match) => ({ id: match.id, question: clipText(match.question), answer: clipText(match.answer), score: Math.round(match.score * 100) / 100 }));
      return confident
        ? { confident: true, matches: entries }
        : { confident: false, note: 'No entry of the FAQ answers this question. Do not answer from these entries; say the FAQ does not cover it.', closest: entries.slice(0, 1) };
    },
  });
}
