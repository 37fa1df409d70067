// The engines of the memory benchmark over one conversation's turns: ours (the drawer index), and
// MiniSearch, lunr and FlexSearch, each with its defaults and with a stopword list (the kit's English
// list, as a host would pass it). Each answers a question with the ids of its top `k` turns.
import { Document, Encoder } from 'flexsearch';
import lunr from 'lunr';
import MiniSearch from 'minisearch';
import { createDrawerIndex } from '../../core/memory/drawer/drawer-index.js';
import { ENGLISH_STOPWORDS } from '../../core/search/catalog/stopwords.js';
import type { LocomoConversation, LocomoTurn } from './locomo.js';

export const DEPTH = 25;
export type MemoryEngine = (question: string) => string[];
export type MemoryEngineName = 'ours' | 'minisearch' | 'minisearch+stop' | 'lunr' | 'lunr+stop' | 'flexsearch' | 'flexsearch+stop';

export const PEER_VERSIONS = { minisearch: 'minisearch 7.2.0', lunr: 'lunr 2.3.9', flexsearch: 'flexsearch 0.8.212' } as const;

export function ours(conversation: LocomoConversation): MemoryEngine {
  const drawer = createDrawerIndex({ now: () => conversation.endedAt });
  for (const turn of conversation.turns) {
    drawer.add({ id: turn.id, wing: 'conversation', room: `session ${turn.session}`, text: turn.text, fields: { speaker: turn.speaker, caption: turn.caption }, at: turn.at });
  }
  return (question) => drawer.search(question, { topK: DEPTH }).map((hit) => hit.id);
}

const FIELDS = ['text', 'caption', 'speaker'];
const withoutStopwords = (term: string): string | null => {
  const folded = term.toLowerCase();
  return ENGLISH_STOPWORDS.has(folded) ? null : folded;
};

function minisearch(turns: readonly LocomoTurn[], stopwords: boolean): MemoryEngine {
  const engine = new MiniSearch<LocomoTurn>({ fields: FIELDS, ...(stopwords ? { processTerm: withoutStopwords } : {}) });
  engine.addAll(turns);
  return (question) => engine.search(question).slice(0, DEPTH).map((hit) => String(hit.id));
}

// Registered once, as lunr asks of a pipeline function, so an index using it could be serialised.
const kitStopWordFilter = lunr.generateStopWordFilter([...ENGLISH_STOPWORDS]);
lunr.Pipeline.registerFunction(kitStopWordFilter, 'dddkStopWordFilter');

function lunrEngine(turns: readonly LocomoTurn[], stopwords: boolean): MemoryEngine {
  const index = lunr(function () {
    this.ref('id');
    for (const field of FIELDS) this.field(field);
    if (stopwords) {
      // Its own English stopword filter is part of the default pipeline; here the kit's list replaces it.
      this.pipeline.after(lunr.stopWordFilter, kitStopWordFilter);
      this.pipeline.remove(lunr.stopWordFilter);
    }
    for (const turn of turns) this.add(turn);
  });
  return (question) => {
    try {
      return index.search(question.replace(/[:~^+\-*]/g, ' ')).slice(0, DEPTH).map((hit) => hit.ref);
    } catch {
      return [];
    }
  };
}

function flexsearch(turns: readonly LocomoTurn[], stopwords: boolean): MemoryEngine {
  const encoder = stopwords ? new Encoder({ filter: new Set(ENGLISH_STOPWORDS) }) : undefined;
  const index = new Document({ ...(encoder ? { encoder } : {}), document: { id: 'id', index: FIELDS } });
  for (const turn of turns) index.add({ ...turn });
  // `suggest` lets a turn that lacks one of the question's words still match.
  return (question) => (index.search(question, { suggest: true, merge: true, limit: DEPTH }) as Array<{ id: string | number }>).map((hit) => String(hit.id));
}

export const ENGINES: Record<MemoryEngineName, (conversation: LocomoConversation) => MemoryEngine> = {
  ours,
  minisearch: (c) => minisearch(c.turns, false),
  'minisearch+stop': (c) => minisearch(c.turns, true),
  lunr: (c) => lunrEngine(c.turns, false),
  'lunr+stop': (c) => lunrEngine(c.turns, true),
  flexsearch: (c) => flexsearch(c.turns, false),
  'flexsearch+stop': (c) => flexsearch(c.turns, true),
};
