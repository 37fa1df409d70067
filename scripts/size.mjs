// `npm run size`: the drop-in's initial download — dist/dddk.min.js plus every chunk it imports
// statically, transitively (chunks reached only through `import()` load later, on first use) —
// raw and gzip-compressed (level 9). Prints the figures and writes bench/size.json.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = fileURLToPath(new URL('..', import.meta.url));
const ENTRY = 'dist/dddk.min.js';

function readMetafile() {
  try {
    return JSON.parse(readFileSync(join(root, 'dist', 'meta.json'), 'utf8'));
  } catch (error) {
    console.error(`size: cannot read dist/meta.json (${error.message}); run \`npm run build\` first.`);
    process.exit(1);
  }
}

/** The entry output plus every output it imports statically, transitively, in load order. */
function staticClosure(outputs, entry) {
  const seen = new Set([entry]);
  const queue = [entry];
  while (queue.length > 0) {
    const output = outputs[queue.shift()];
    if (!output) throw new Error(`dist/meta.json names an output it does not describe`);
    for (const imported of output.imports) {
      if (imported.kind === 'import-statement' && !imported.external && !seen.has(imported.path)) {
        seen.add(imported.path);
        queue.push(imported.path);
      }
    }
  }
  return [...seen];
}

const { outputs } = readMetafile();
if (!outputs[ENTRY]) {
  console.error(`size: dist/meta.json has no ${ENTRY}; run \`npm run build\` again.`);
  process.exit(1);
}

const files = staticClosure(outputs, ENTRY);
// Each file is compressed on its own, as a server sends them.
const contents = files.map((file) => readFileSync(join(root, file)));
const initialRaw = contents.reduce((sum, content) => sum + content.length, 0);
const initialGzip = contents.reduce((sum, content) => sum + gzipSync(content, { level: 9 }).length, 0);

const lazy = Object.keys(outputs).filter((path) => path.endsWith('.js') && !files.includes(path));
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

console.log(`initial chunk of ${ENTRY} (${files.length} file${files.length === 1 ? '' : 's'}: ${files.join(', ')})`);
console.log(`  raw  ${initialRaw} bytes (${kb(initialRaw)})`);
console.log(`  gzip ${initialGzip} bytes (${kb(initialGzip)})`);
console.log(`lazy chunks, loaded on first use: ${lazy.length > 0 ? lazy.join(', ') : 'none'}`);

mkdirSync(join(root, 'bench'), { recursive: true });
writeFileSync(join(root, 'bench', 'size.json'), `${JSON.stringify({ initialRaw, initialGzip }, null, 2)}\n`);
console.log('wrote bench/size.json');
