// Labelled answers → item ids, and recall@10: for each query, the share of its answers found in the
// engine's top 10, averaged over the queries (an answer whose phrase two items share is found when
// either is).
import type { CatalogItem } from './corpus-items.js';
import type { Engine } from './engines.js';
import type { LabelledQuery, QueryKind } from './labelled-queries.js';

export interface ResolvedQuery {
  query: string;
  kind: QueryKind;
  /** Per answer, the ids of the items holding its phrase. */
  answers: string[][];
}

export function resolveAnswers(items: readonly CatalogItem[], queries: readonly LabelledQuery[]): ResolvedQuery[] {
  return queries.map(({ query, kind, answers }) => ({
    query,
    kind,
    answers: answers.map(({ page, text }) => {
      const ids = items.filter((item) => item.id.startsWith(`${page}#`) && item.body.includes(text)).map((item) => item.id);
      if (ids.length === 0) throw new Error(`labelled query ${JSON.stringify(query)}: no item of ${page} holds ${JSON.stringify(text)}`);
      return ids;
    }),
  }));
}

export interface Recall {
  /** Mean over queries. */
  overall: number;
  byKind: Partial<Record<QueryKind, number>>;
  /** Queries with an answer left out of the top 10. */
  misses: string[];
}

export function recallAt10(engine: Engine, queries: readonly ResolvedQuery[]): Recall {
  const sums: Partial<Record<QueryKind, { total: number; count: number }>> = {};
  const misses: string[] = [];
  let total = 0;
  for (const { query, kind, answers } of queries) {
    const top = new Set(engine(query));
    const found = answers.filter((ids) => ids.some((id) => top.has(id))).length;
    const recall = found / answers.length;
    if (found < answers.length) misses.push(query);
    total += recall;
    const sum = (sums[kind] ??= { total: 0, count: 0 });
    sum.total += recall;
    sum.count++;
  }
  const byKind = Object.fromEntries(Object.entries(sums).map(([kind, sum]) => [kind, sum.total / sum.count]));
  return { overall: total / queries.length, byKind, misses };
}
