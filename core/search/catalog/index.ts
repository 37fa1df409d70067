export {
  createCatalogIndex,
  type CatalogIndex,
  type CatalogIndexOptions,
  type CatalogSearchOptions,
  type CatalogHit,
} from './catalog-index.js';
export type { CatalogDoc, CatalogFields, ToDoc } from './catalog-doc.js';
