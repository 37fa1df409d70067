// The offline guide as a visitor meets it: every labelled request of bench/guide/ run in Chromium on
// the demo site and three other sites, scored on what the visitor was shown. Quality figures, not
// speed: the per-category table is printed, each run's details go to bench/guide-results.json, and
// the headline figures are compared with what the peers do without a model (nothing: no answer).
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startDemoServer } from '../../demo/server.mjs';
import { launchChromium } from '../../test/support/chromium.js';
import type { GuideCategory } from '../guide/guide-request.types.js';
import { GUIDE_SITES } from '../guide/guide-sites.js';
import { LABELLED_REQUESTS } from '../guide/labelled-requests.js';
import { runRequest } from '../guide/run-requests.js';
import { scoreRun, type RunScore } from '../guide/score-run.js';
import { startSiteServer } from '../guide/site-server.js';
import type { Benchmark, BenchFigure } from '../types.js';

const RESULTS_FILE = fileURLToPath(new URL('../guide-results.json', import.meta.url));
const PEER = 'page-agent / CopilotKit without a model (no answer)';
/** The demo's script marks the page `data-copilot=ready` once it has made the page's controller. */
const READY_WHEN: Record<string, string> = { orchard: "document.documentElement.getAttribute('data-copilot') === 'ready'" };

interface Tally {
  requests: number;
  answered: number;
  pointable: number;
  pointed: number;
  endedRight: number;
  confidentWrong: number;
}

const emptyTally = (): Tally => ({ requests: 0, answered: 0, pointable: 0, pointed: 0, endedRight: 0, confidentWrong: 0 });

function add(tally: Tally, score: RunScore): void {
  tally.requests += 1;
  tally.answered += Number(score.answered);
  if (score.pointed !== undefined) {
    tally.pointable += 1;
    tally.pointed += Number(score.pointed);
  }
  tally.endedRight += Number(score.endedRight);
  tally.confidentWrong += Number(score.confidentWrong);
}

const percent = (part: number, whole: number) => (whole === 0 ? '—' : `${((100 * part) / whole).toFixed(0)}%`);

function printTable(tallies: Map<string, Tally>): void {
  const header = ['category', 'requests', 'answered', 'pointed', 'right page', 'confident wrong'];
  const rows = [...tallies].map(([name, t]) => [
    name,
    String(t.requests),
    `${t.answered} (${percent(t.answered, t.requests)})`,
    t.pointable ? `${t.pointed}/${t.pointable}` : '—',
    `${t.endedRight} (${percent(t.endedRight, t.requests)})`,
    String(t.confidentWrong),
  ]);
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((row) => row[c]!.length)));
  const line = (cells: string[]) => cells.map((cell, c) => cell.padEnd(widths[c]!)).join('  ');
  console.log(`${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const row of rows) console.log(line(row));
}

const benchmark: Benchmark = {
  title: `offline guide: ${LABELLED_REQUESTS.length} labelled visitor requests on four sites, in Chromium`,
  async run(): Promise<BenchFigure[]> {
    const demo = await startDemoServer({ port: 0, host: '127.0.0.1', env: {} });
    const servers = new Map<string, { origin: string; close(): Promise<void> }>([['orchard', { origin: demo.url.replace(/\/$/, ''), close: () => demo.close() }]]);
    for (const [name, site] of Object.entries(GUIDE_SITES)) servers.set(name, await startSiteServer(site));
    const browser = await launchChromium();
    const tallies = new Map<string, Tally>([['all', emptyTally()]]);
    const details: unknown[] = [];
    try {
      for (const request of LABELLED_REQUESTS) {
        const server = servers.get(request.site);
        if (!server) throw new Error(`labelled request for an unknown site: ${request.site}`);
        const run = await runRequest(browser, server.origin, request, READY_WHEN[request.site]);
        const score = scoreRun(request, run);
        for (const key of ['all', request.category as GuideCategory, `site:${request.site}`]) {
          if (!tallies.has(key)) tallies.set(key, emptyTally());
          add(tallies.get(key)!, score);
        }
        details.push({ ...request, ...score, narrations: run.narrations, endedOn: run.endedOn, reason: run.finalReason, error: run.error, effect: run.effect });
        const mark = score.answered ? 'ok  ' : score.confidentWrong ? 'WRONG' : 'miss';
        console.log(`  ${mark} [${request.site} ${request.category}] ${request.request} → ${run.endedOn} ${JSON.stringify(score.final.slice(0, 160))}${run.error ? ` (${run.error})` : ''}`);
      }
    } finally {
      await browser.close();
      for (const server of servers.values()) await server.close();
    }
    printTable(tallies);
    writeFileSync(RESULTS_FILE, JSON.stringify(details, null, 2) + '\n');
    const all = tallies.get('all')!;
    const missed = (100 * (all.requests - all.answered)) / all.requests;
    const wrongEndings = (100 * (all.requests - all.endedRight)) / all.requests;
    // Without a model the peers stay where the visitor asked: right only when the answer is on that page.
    const peerWrongEndings = (100 * LABELLED_REQUESTS.filter((request) => request.endOn !== request.start).length) / LABELLED_REQUESTS.length;
    return [
      { id: 'offline-guide-missed', unit: '% of requests not answered right', peerName: PEER, environment: 'chromium', ours: [missed], peer: [100] },
      { id: 'offline-guide-wrong-page', unit: '% of runs ending on the wrong page', peerName: PEER, environment: 'chromium', ours: [wrongEndings], peer: [peerWrongEndings] },
    ];
  },
};

export default benchmark;
