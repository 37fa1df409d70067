// Headless Chromium for node tests that drive a real page (the demo, the built drop-in). Every page
// opened through it is watched by the visitor-text audit (test/support/visitor-text/).
import puppeteer, { type Browser } from 'puppeteer-core';
import { chromiumArgs } from './chromium-args.js';
import { auditPage } from './visitor-text/page-script.js';

export { chromiumArgs };

export async function launchChromium(): Promise<Browser> {
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: chromiumArgs,
  });
  const newPage = browser.newPage.bind(browser);
  browser.newPage = async (...args: Parameters<Browser['newPage']>) => {
    const page = await newPage(...args);
    await auditPage(page);
    return page;
  };
  return browser;
}
