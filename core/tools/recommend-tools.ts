/**
 * A recommender as three agent tools: what to show this visitor, what is like a given item, and the
 * visitor's ♥/✕ on an item, learnt in the browser (through the storage port) with no server.
 */
import { createRecommender, type Recommendation } from '../search/recommend/recommender.js';
import { webStorage } from '../storage/web-storage.js';
import type { RegisterRecommendOptions } from './catalog-tools.types.js';
import { checkToolOptions, clipFields } from './catalog-tool-options.js';
import type { RecommendToolsHandle, ToolsRegistry } from './tools.types.js';
import type { StorageFailure } from '../storage/storage-failure.js';

const WHERE = 'dddk.tools.registerRecommend(options)';
const FOR_CUSTOMER = 'Recommends items of the catalog for this visitor, from what they liked and disliked before. Takes no arguments.';
const SIMILAR = 'Finds items of the catalog like the one whose id is given (an id from the search or recommendation results).';
const RECORD = "Records the visitor's verdict on an item (they said they like it, or not), so later recommendations follow it.";

const shown = (items: readonly Recommendation[]) => items.map((item) => ({ id: item.id, fields: clipFields(item.fields), ...(item.meta ? { meta: item.meta } : {}) }));

/** `onStorageFailure`: the default storage (localStorage) failed and the likes are kept in memory. */
export function registerRecommendTools<Row>(registry: ToolsRegistry, options: RegisterRecommendOptions<Row>, onStorageFailure: (failure: StorageFailure) => void): RecommendToolsHandle {
  const { name: prefix } = checkToolOptions(WHERE, options, 'recommend', FOR_CUSTOMER);
  for (const field of ['forCustomerDescription', 'similarDescription'] as const) {
    const value = options[field];
    if (value !== undefined && (typeof value !== 'string' || value.trim() === '')) throw new TypeError(`${WHERE}: options.${field} must be a non-empty string when given`);
  }
  const recommender = createRecommender({
    items: options.items,
    toDoc: options.toDoc,
    storage: options.storage ?? webStorage('local'),
    onStorageFallback: onStorageFailure,
    ...(options.customerId !== undefined ? { customerId: options.customerId } : {}),
    ...(options.topK !== undefined ? { topK: options.topK } : {}),
  });
  const handles = [
    registry.register({
      name: `${prefix}_for_customer`,
      description: options.forCustomerDescription ?? FOR_CUSTOMER,
      parameters: { type: 'object', properties: {}, additionalProperties: false },
      effects: false,
      label: 'Recommendations',
      handler: () => ({ results: shown(recommender.forCustomer()) }),
    }),
    registry.register<{ id: string }>({
      name: `${prefix}_similar`,
      description: options.similarDescription ?? SIMILAR,
      parameters: { type: 'object', properties: { id: { type: 'string', minLength: 1, maxLength: 200 } }, required: ['id'], additionalProperties: false },
      effects: false,
      label: 'Similar items',
      handler: ({ id }) => ({ results: shown(recommender.similar(id)) }),
    }),
    registry.register<{ id: string; response: 'like' | 'dislike' }>({
      name: `${prefix}_record_preference`,
      description: RECORD,
      parameters: {
        type: 'object',
        properties: { id: { type: 'string', minLength: 1, maxLength: 200 }, response: { type: 'string', enum: ['like', 'dislike'] } },
        required: ['id', 'response'],
        additionalProperties: false,
      },
      effects: false,
      label: 'Record a like',
      handler: ({ id, response }) => {
        recommender.recordPreference(id, response);
        return `recorded: the visitor ${response === 'like' ? 'likes' : 'does not like'} ${id}`;
      },
    }),
  ];
  return {
    handles,
    recordPreference: (id, response) => recommender.recordPreference(id, response),
    remove: () => {
      for (const handle of handles) handle.remove();
    },
  };
}
