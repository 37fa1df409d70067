/** A catalog as one agent tool: free-text search over the host's rows, per-field BM25 (BM25F). */
import { createCatalogIndex } from '../search/catalog/catalog-index.js';
import type { RegisterSearchOptions } from './catalog-tools.types.js';
import { checkToolOptions, clipFields } from './catalog-tool-options.js';
import type { HostToolHandle, ToolsRegistry } from './tools.types.js';

const WHERE = 'dddk.tools.registerSearch(options)';
const DEFAULT_DESCRIPTION = "Searches this site's catalog by free text (names, descriptions, features) and returns the best matching items with their ids.";
const MAX_TOP_K = 20;

export function registerSearchTool<Row>(registry: ToolsRegistry, options: RegisterSearchOptions<Row>): HostToolHandle {
  const { name, description } = checkToolOptions(WHERE, options, 'search_catalog', DEFAULT_DESCRIPTION);
  const index = createCatalogIndex({
    items: options.items,
    toDoc: options.toDoc,
    ...(options.fieldWeights !== undefined ? { fieldWeights: options.fieldWeights } : {}),
    ...(options.topK !== undefined ? { topK: options.topK } : {}),
  });
  return registry.register<{ query: string; topK?: number }>({
    name,
    description,
    parameters: {
      type: 'object',
      properties: {
        query: { type: 'string', minLength: 1, maxLength: 300, description: 'What to look for, in words.' },
        topK: { type: 'integer', minimum: 1, maximum: MAX_TOP_K, description: 'How many items to return.' },
      },
      required: ['query'],
      additionalProperties: false,
    },
    effects: false,
    label: 'Catalog search',
    handler: ({ query, topK }) => {
      const hits = index.search(query, topK === undefined ? {} : { topK });
      if (hits.length === 0) return { results: [], note: 'Nothing in the catalog matches. Say so; do not invent items.' };
      return { results: hits.map((hit) => ({ id: hit.id, fields: clipFields(hit.fields), ...(hit.meta ? { meta: hit.meta } : {}) })) };
    },
  });
}
