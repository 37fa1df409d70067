// The XSS payloads of ../shared/corpus/xss (beside the checkout, where CI puts it), one per line.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const xssFolder = fileURLToPath(new URL('../../../shared/corpus/xss/', import.meta.url));

/** Every non-blank line of every file, CRLF-tolerant, without repeats, in file order. */
export function xssPayloads(): string[] {
  const seen = new Set<string>();
  for (const file of readdirSync(xssFolder).filter((name) => name.endsWith('.txt')).sort()) {
    for (const line of readFileSync(join(xssFolder, file), 'utf8').split(/\r?\n/)) {
      if (line.trim() !== '') seen.add(line);
    }
  }
  return [...seen];
}
