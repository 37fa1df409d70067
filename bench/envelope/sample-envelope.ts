// A deterministic agent_turn envelope of a chosen size, and a fixed pseudo-random split of it into the
// 1–8 character deltas a model server streams, so every run and both sides see the same input.

/** mulberry32: a tiny seeded generator, enough to make the same split every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SENTENCES = [
  'Here is the "Pricing" link in the header.',
  'This form asks for your e-mail — type it below.',
  'Café opening hours: 8:00–18:00, closed on Sundays 😀.',
  'The cart holds 3 items;\nthe total is shown at the bottom.',
  'Click “Continue” to reach the payment step.',
];
const TOOLS = ['click', 'fill', 'highlight', 'scroll', 'navigate'];

function sampleAction(i: number, random: () => number): Record<string, unknown> {
  const id = String(10 + Math.floor(random() * 990));
  return {
    narrate: SENTENCES[i % SENTENCES.length]!,
    about: [id, String(Number(id) + 1)],
    tool: TOOLS[i % TOOLS.length]!,
    args: {
      id: Number(id),
      selector: `#section-${i} > .card:nth-child(${(i % 7) + 1}) a[href="/plans/${i}"]`,
      text: i % 3 === 0 ? 'jane.doe@example.com' : `Option ${i} \\ "quoted"`,
      options: { smooth: i % 2 === 0, offset: -48, labels: ['primary', 'cta'] },
    },
  };
}

/** An envelope whose JSON text is at least `minChars` long, with the number of actions it holds. */
export function sampleEnvelope(minChars: number, seed = 1): { text: string; actionCount: number } {
  const random = seededRandom(seed);
  const envelope = {
    memory: 'The visitor wants to compare the plans and then sign up; they prefer the yearly price.',
    turn_planning: { evaluation_previous_goal: 'The pricing page is open.', next_goal: 'Walk through each plan card.' },
    todos_remaining: ['compare plans', 'open sign-up', 'fill the form'],
    actions: [] as Record<string, unknown>[],
    is_final: false,
  };
  let length = JSON.stringify(envelope).length;
  while (length < minChars) {
    const action = sampleAction(envelope.actions.length, random);
    envelope.actions.push(action);
    length += JSON.stringify(action).length + 1;
  }
  return { text: JSON.stringify(envelope), actionCount: envelope.actions.length };
}

/** `text` cut into deltas of 1 to 8 characters, the same cut for the same seed. */
export function splitIntoDeltas(text: string, seed = 7): string[] {
  const random = seededRandom(seed);
  const deltas: string[] = [];
  for (let at = 0; at < text.length; ) {
    const size = 1 + Math.floor(random() * 8);
    deltas.push(text.slice(at, at + size));
    at += size;
  }
  return deltas;
}
