// The html5lib tree-construction cases, read from ../shared/corpus beside the checkout (where CI puts it).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const html5libFolder = fileURLToPath(new URL('../../../shared/corpus/html5lib/tree-construction/', import.meta.url));

/** The `#data` section of every case, in file order. */
export function html5libInputs(): string[] {
  const inputs: string[] = [];
  for (const file of readdirSync(html5libFolder).filter((name) => name.endsWith('.dat')).sort()) {
    const text = readFileSync(join(html5libFolder, file), 'utf8');
    for (const block of text.split(/^#data\n/m).slice(1)) {
      const end = block.search(/^#errors$/m);
      if (end === -1) continue;
      inputs.push(block.slice(0, end).replace(/\n$/, ''));
    }
  }
  return inputs;
}
