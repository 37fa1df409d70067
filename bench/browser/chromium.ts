// Runs a benchmark module inside headless Chromium: bundle it with esbuild, serve it on loopback,
// call its exported `run(args)` in the page and hand back what it returned.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { build } from 'esbuild';
import { launchChromium } from '../../test/support/chromium.js';

export async function runInChromium<T>(entryFile: string, args: unknown): Promise<T> {
  const bundle = await build({
    entryPoints: [entryFile],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    write: false,
    logLevel: 'silent',
  });
  const script = bundle.outputFiles[0]!.contents;
  const server = createServer((request, response) => {
    if (request.url === '/bench.js') {
      response.writeHead(200, { 'content-type': 'text/javascript' });
      response.end(script);
    } else {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<!doctype html><title>dddk bench</title>');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    page.setDefaultTimeout(300_000);
    page.on('pageerror', (error) => console.error(`page error: ${error}`));
    await page.goto(`http://127.0.0.1:${port}/`);
    return (await page.evaluate(async (input) => {
      const module = await import('/bench.js' as string);
      return module.run(input);
    }, args as never)) as T;
  } finally {
    await browser.close();
    server.close();
  }
}
