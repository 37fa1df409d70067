import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createDrawerIndex } from '../../../core/memory/drawer/drawer-index.js';
import type { DrawerEntry } from '../../../core/memory/drawer/drawer.types.js';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 5, 1);

/** A conversation's turns in one room, a minute apart. */
function conversation(room: string, lines: string[], start = NOW - DAY): DrawerEntry[] {
  return lines.map((text, index) => ({ id: `${room}:${index}`, wing: 'chat', room, text, at: start + index * 60_000 }));
}

test('finds the entries that hold the words, folded and stemmed, best first', () => {
  const drawer = createDrawerIndex({ now: () => NOW, neighbours: [] });
  for (const entry of conversation('a', ['I adopted two cats last spring', 'The weather was awful', 'My cat is called Miso'])) drawer.add(entry);
  const hits = drawer.search('What are the names of her cats?');
  assert.deepEqual(hits.map((hit) => hit.id), ['a:2', 'a:0']);
  assert.ok(hits.every((hit) => hit.via === 'match'));
  assert.deepEqual(drawer.search('Café').map((hit) => hit.id), []);
});

test('a match lends part of its score to the entries around it in its room, never across rooms', () => {
  const drawer = createDrawerIndex({ now: () => NOW, recency: { weight: 0, halfLifeDays: 1 } });
  const lines = ['Did you ever go back to the pottery class?', 'Yes! Every Tuesday now, I made a bowl.', 'Nice.'];
  for (const entry of [...conversation('one', lines), ...conversation('two', ['Tuesday is my gym day'])]) drawer.add(entry);
  const hits = drawer.search('pottery class', { topK: 5 });
  assert.equal(hits[0]!.id, 'one:0');
  const answer = hits.find((hit) => hit.id === 'one:1');
  assert.ok(answer, 'the answer after the question is found');
  assert.equal(answer.via, 'neighbour');
  assert.ok(Math.abs(answer.score - hits[0]!.score * 0.5) < 1e-9, 'distance 1 lends half');
  assert.equal(hits.find((hit) => hit.id === 'one:2')!.score.toFixed(6), (hits[0]!.score * 0.35).toFixed(6));
  assert.equal(hits.some((hit) => hit.id === 'two:0'), false);
});

test('the recency prior lifts what was said lately among equal matches, and only slightly', () => {
  const drawer = createDrawerIndex({ now: () => NOW, neighbours: [] });
  drawer.add({ id: 'old', wing: 'w', room: 'r1', text: 'my passport number changed', at: NOW - 365 * DAY });
  drawer.add({ id: 'new', wing: 'w', room: 'r2', text: 'my passport number changed', at: NOW - DAY });
  const [first, second] = drawer.search('passport');
  assert.equal(first!.id, 'new');
  assert.ok(first!.score / second!.score < 1.11, 'a lift of at most 10%');
});

test('wing and room narrow the search; remove takes an entry and its postings out', () => {
  const drawer = createDrawerIndex({ now: () => NOW });
  drawer.add({ id: 'o1', wing: 'orders', room: '2026', text: 'Order 12345: blue tent', at: NOW - DAY });
  drawer.add({ id: 'o2', wing: 'orders', room: '2025', text: 'Order 777: red tent', at: NOW - 200 * DAY });
  drawer.add({ id: 'c1', wing: 'chat', room: 'x', text: 'I like the tent', at: NOW });
  assert.deepEqual(drawer.search('tent', { wing: 'orders' }).map((hit) => hit.id).sort(), ['o1', 'o2']);
  assert.deepEqual(drawer.search('tent', { wing: 'orders', room: '2025' }).map((hit) => hit.id), ['o2']);
  assert.equal(drawer.remove('o1'), true);
  assert.equal(drawer.remove('o1'), false);
  assert.deepEqual(drawer.search('blue').map((hit) => hit.id), []);
  assert.equal(drawer.size, 2);
});

test('fields are searched with their weight; Chinese text is found by its character pairs', () => {
  const drawer = createDrawerIndex({ now: () => NOW, neighbours: [] });
  drawer.add({ id: 'a', wing: 'w', room: 'r', text: 'Look at this', fields: { caption: 'a photo of a sunset over the lake' }, at: NOW });
  drawer.add({ id: 'b', wing: 'w', room: 'r', text: '我下週要去台北出差', at: NOW });
  assert.deepEqual(drawer.search('sunset photo').map((hit) => hit.id), ['a']);
  assert.deepEqual(drawer.search('台北').map((hit) => hit.id), ['b']);
});

test('bad input gets an error that names the field, and the drawer is unchanged', () => {
  const drawer = createDrawerIndex();
  assert.throws(() => drawer.add({ id: '', wing: 'w', room: 'r', text: 'x', at: 1 }), { name: 'TypeError', message: /entry\.id must be a non-empty string/ });
  assert.throws(() => drawer.add({ id: 'a', wing: 'w', room: 'r', text: 'x', at: Number.NaN }), { message: /entry\.at must be a time/ });
  assert.throws(() => drawer.add({ id: 'a', wing: 'w', room: 'r', text: 'x', at: 1, fields: { n: 3 as never } }), { message: /entry\.fields must be an object of text/ });
  drawer.add({ id: 'a', wing: 'w', room: 'r', text: 'x', at: 1 });
  assert.throws(() => drawer.add({ id: 'a', wing: 'w', room: 'r', text: 'y', at: 2 }), { message: /already in the drawer/ });
  assert.equal(drawer.get('a')!.text, 'x');
  assert.throws(() => drawer.search('x', { topK: 0 }), { message: /topK must be a positive whole number/ });
  assert.throws(() => createDrawerIndex({ neighbours: [2] }), { message: /shares from 0 to 1/ });
  assert.throws(() => createDrawerIndex({ recency: { weight: 1, halfLifeDays: 0 } }), { message: /halfLifeDays: a number > 0/ });
});

test('an entry added out of time order takes its place in its room', () => {
  const drawer = createDrawerIndex({ now: () => NOW, recency: { weight: 0, halfLifeDays: 1 } });
  drawer.add({ id: 'late', wing: 'w', room: 'r', text: 'the reply', at: 3 });
  drawer.add({ id: 'early', wing: 'w', room: 'r', text: 'about the violin lessons', at: 1 });
  drawer.add({ id: 'middle', wing: 'w', room: 'r', text: 'oh?', at: 2 });
  const hits = drawer.search('violin lessons', { topK: 3 });
  assert.deepEqual(hits.map((hit) => hit.id), ['early', 'middle', 'late']);
});
