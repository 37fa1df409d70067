// Run in a child process: import every given core module with `document` and `window` booby-trapped,
// record every module resolved along the way, and print one JSON report on stdout.
import { register } from 'node:module';
import { MessageChannel } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';

const { port1, port2 } = new MessageChannel();
const resolved: Array<{ specifier: string; parent: string | null; url: string }> = [];
port1.on('message', (message) => resolved.push(message));
port1.unref();
register('./resolution-recorder.mjs', { parentURL: import.meta.url, data: { port: port2 }, transferList: [port2] });

const touched: Array<{ global: string; stack: string }> = [];
for (const name of ['document', 'window']) {
  Object.defineProperty(globalThis, name, {
    configurable: true,
    get() {
      touched.push({ global: name, stack: new Error().stack ?? '' });
      return undefined;
    },
  });
}

const failures: Array<{ file: string; error: string }> = [];
for (const file of process.argv.slice(2)) {
  try {
    await import(pathToFileURL(file).href);
  } catch (error) {
    failures.push({ file, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) });
  }
}

// Give the hook thread a moment to deliver its last messages.
await new Promise((resolve) => setTimeout(resolve, 50));
process.stdout.write(JSON.stringify({ resolved, touched, failures }));
