import { readFileSync, readdirSync } from 'node:fs';
import lunr from 'lunr';
const PORTER = process.env.PORTER === '1';
const stem = (text: string) => PORTER ? text.split(/(\s+)/).map((w) => /^[A-Za-z]+$/.test(w) ? String((lunr as any).stemmer(new (lunr as any).Token(w.toLowerCase()))) : w).join('') : text;
import { createCatalogIndex } from '../core/search/catalog/catalog-index.js';

const dir = '/work/shared/corpus/locomo';
const ks = [5, 10, 25];
const totals = { n: 0, r: [0, 0, 0], ms: 0 };
for (const file of readdirSync(dir)) {
  const data = JSON.parse(readFileSync(`${dir}/${file}`, 'utf8'));
  const turns: Array<{ id: string; speaker: string; text: string; caption?: string; date: string; session: number }> = [];
  for (let s = 1; data[`session_${s}`]; s++) {
    for (const t of data[`session_${s}`]) turns.push({ id: t.dia_id, speaker: t.speaker, text: t.text, caption: t.blip_caption, date: data[`session_${s}_date_time`], session: s });
  }
  const index = createCatalogIndex({ items: turns, toDoc: (t) => ({ id: t.id, fields: { text: stem(t.text), caption: t.caption ?? '', speaker: t.speaker } }), fieldWeights: { text: 1, caption: Number(process.env.CAP ?? 0.5), speaker: Number(process.env.SPK ?? 0.3) }, typo: false, prefix: false });
  const per = { n: 0, r: [0, 0, 0] };
  for (const q of data.qa) {
    if (!q.evidence?.length || q.category === 5) continue;
    const t0 = performance.now();
    const raw = index.search(stem(q.question), { topK: Number(process.env.POOL ?? turns.length) });
    const score = new Map(raw.map((h) => [h.id, h.score]));
    const beta = Number(process.env.BETA ?? 0);
    const smoothed = turns.map((t, i) => {
      let v = score.get(t.id) ?? 0;
      const beta2 = Number(process.env.BETA2 ?? 0);
      const beta3 = Number(process.env.BETA3 ?? 0);
      for (const [j, w] of [[i - 1, beta], [i + 1, beta], [i - 2, beta2], [i + 2, beta2], [i - 3, beta3], [i + 3, beta3]] as const) { const n = turns[j]; if (n && n.session === t.session) v += w * (score.get(n.id) ?? 0); }
      return { id: t.id, v };
    });
    const gamma = Number(process.env.GAMMA ?? 0);
    const roomTop = new Map<number, number[]>();
    turns.forEach((t, i) => { const list = roomTop.get(t.session) ?? []; list.push(smoothed[i]!.v); roomTop.set(t.session, list); });
    const roomScore = new Map([...roomTop].map(([k, v]) => [k, v.sort((a, b) => b - a).slice(0, 3).reduce((a, b) => a + b, 0) / 3]));
    const best = Math.max(...roomScore.values(), 1e-9);
    const ranked = smoothed.map((x, i) => ({ id: x.id, v: x.v * (1 + gamma * (roomScore.get(turns[i]!.session)! / best)) })).filter((x) => x.v > 0).sort((a, b) => b.v - a.v);
    const hits = ranked.slice(0, 25).map((h) => h.id);
    totals.ms += performance.now() - t0;
    const ev = new Set<string>(q.evidence.flatMap((e: string) => e.split(/[;,]\s*/)));
    ks.forEach((k, i) => { const top = new Set(hits.slice(0, k)); const got = [...ev].filter((e) => top.has(e)).length / ev.size; per.r[i] += got; totals.r[i] += got; });
    per.n++; totals.n++;
  }
  console.log(file, turns.length, per.n, per.r.map((x) => (100 * x / per.n).toFixed(1)).join('/'));
}
console.log('all', totals.n, totals.r.map((x) => (100 * x / totals.n).toFixed(1)).join('/'), (totals.ms / totals.n).toFixed(3), 'ms');
