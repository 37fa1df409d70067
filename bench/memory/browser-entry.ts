// Runs in Chromium (bench/browser/chromium.ts): the drawer index and MiniSearch over one
// conversation's turns, each question timed; the page gets the conversation as data.
import MiniSearch from 'minisearch';
import { createDrawerIndex } from '../../core/memory/drawer/drawer-index.js';
import type { LocomoConversation } from './locomo.js';

export interface ChromiumSamples {
  ours: number[];
  peer: number[];
}

export function run(input: { conversation: LocomoConversation; rounds: number }): ChromiumSamples {
  const { conversation, rounds } = input;
  const drawer = createDrawerIndex({ now: () => conversation.endedAt });
  for (const turn of conversation.turns) {
    drawer.add({ id: turn.id, wing: 'conversation', room: `session ${turn.session}`, text: turn.text, fields: { speaker: turn.speaker, caption: turn.caption }, at: turn.at });
  }
  const mini = new MiniSearch({ fields: ['text', 'caption', 'speaker'] });
  mini.addAll(conversation.turns);
  const samples: ChromiumSamples = { ours: [], peer: [] };
  for (let round = 0; round < rounds; round++) {
    for (const { question } of conversation.questions) {
      let started = performance.now();
      drawer.search(question, { topK: 25 });
      samples.ours.push(performance.now() - started);
      started = performance.now();
      mini.search(question).slice(0, 25);
      samples.peer.push(performance.now() - started);
    }
  }
  return samples;
}
