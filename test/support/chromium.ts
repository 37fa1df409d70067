// Headless Chromium for node tests that drive a real page (the demo, the built drop-in).
import puppeteer, { type Browser } from 'puppeteer-core';

export const chromiumArgs = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export function launchChromium(): Promise<Browser> {
  return puppeteer.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: chromiumArgs,
  });
}
