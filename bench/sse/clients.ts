// The two SSE clients under comparison, each reading one whole streamed answer and counting its deltas.
// Runs in Node and, bundled, in Chromium.
import OpenAI from 'openai';
import { openAICompatible } from '../../core/llm/index.js';

export const BENCH_MODEL = 'bench-model';

export async function readWithOurs(baseURL: string): Promise<number> {
  const provider = openAICompatible({ baseURL, model: BENCH_MODEL, maxRetries: 0 });
  let deltas = 0;
  for await (const event of provider.stream({ messages: [{ role: 'user', content: 'stream' }] })) {
    if (event.type === 'text-delta') deltas += 1;
  }
  return deltas;
}

export async function readWithOpenAI(baseURL: string): Promise<number> {
  const client = new OpenAI({ baseURL, apiKey: 'bench', maxRetries: 0, dangerouslyAllowBrowser: true });
  const stream = await client.chat.completions.create({
    model: BENCH_MODEL,
    messages: [{ role: 'user', content: 'stream' }],
    stream: true,
    stream_options: { include_usage: true },
  });
  let deltas = 0;
  for await (const chunk of stream) {
    if (chunk.choices[0]?.delta?.content) deltas += 1;
  }
  return deltas;
}

/** 10,000 small deltas, a few characters each, like a model typing word pieces. */
export function benchDeltas(count: number): string[] {
  const pieces = [' the', ' page', ' agent', ' narr', 'ates', ',', ' and', ' points', ' at', ' it', '.', ' é', ' 字'];
  return Array.from({ length: count }, (_, i) => pieces[i % pieces.length]!);
}

export interface SideSamples {
  ours: number[];
  peer: number[];
}

/**
 * Alternates the two clients round by round (starting side swapped each round) after one warm-up each,
 * so both see the same machine state; returns microseconds per delta.
 */
export async function measureBothSides(
  rounds: number,
  deltaCount: number,
  baseURLFor: (side: 'ours' | 'peer') => string,
  now: () => number,
): Promise<SideSamples> {
  const samples: SideSamples = { ours: [], peer: [] };
  const readers = { ours: readWithOurs, peer: readWithOpenAI };
  const once = async (side: 'ours' | 'peer') => {
    const started = now();
    const seen = await readers[side](baseURLFor(side));
    const elapsed = now() - started;
    if (seen !== deltaCount) throw new Error(`${side} client saw ${seen} deltas, expected ${deltaCount}`);
    return (elapsed * 1000) / deltaCount;
  };
  await once('ours');
  await once('peer');
  for (let round = 0; round < rounds; round++) {
    const order: Array<'ours' | 'peer'> = round % 2 === 0 ? ['ours', 'peer'] : ['peer', 'ours'];
    for (const side of order) samples[side].push(await once(side));
  }
  return samples;
}
