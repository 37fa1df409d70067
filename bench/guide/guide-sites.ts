// The sites of the offline-guide benchmark besides the demo: saved pages of the open web (the
// corpus beside the checkout) and one small shop, each with the site map its owner would write.
import { fileURLToPath } from 'node:url';
import type { GuideSite } from './guide-request.types.js';

const corpus = (name: string) => fileURLToPath(new URL(`../../../shared/corpus/pages/${name}`, import.meta.url));
const own = (name: string) => fileURLToPath(new URL(`./sites/${name}`, import.meta.url));

export const ARTICLES_SITE: GuideSite = {
  name: 'Reading list',
  pages: [
    { path: '/', file: own('articles/index.html') },
    { path: '/v8/standalone-wasm', file: corpus('v8-blog.html') },
    { path: '/firefox/developer-edition', file: corpus('mozilla-2.html') },
    { path: '/crafts/terrarium', file: corpus('ehow-1.html') },
  ],
  sitemap: [
    { path: '/', title: 'Reading list', description: 'Articles saved from around the web.' },
    {
      path: '/v8/standalone-wasm',
      title: 'Standalone WebAssembly binaries using Emscripten',
      description: 'V8 blog: emitting standalone Wasm from Emscripten, running it in Wasm runtimes and WASI.',
      aliases: ['wasm', 'webassembly', 'emscripten'],
    },
    {
      path: '/firefox/developer-edition',
      title: 'Firefox Developer Edition',
      description: 'The browser for building the web: WebIDE, Valence and the developer tools.',
      aliases: ['devtools', 'developer tools'],
    },
    { path: '/crafts/terrarium', title: 'How to Build a Terrarium', description: 'A glass cloche terrarium step by step, with what you need.', aliases: ['terrarium', 'plants'] },
  ],
};

export const REFERENCE_SITE: GuideSite = {
  name: 'Reference shelf',
  pages: [
    { path: '/', file: own('reference/index.html') },
    { path: '/wiki/mozilla', file: corpus('wikipedia.html') },
    { path: '/drafts/remotestorage', file: corpus('ietf-1.html') },
  ],
  sitemap: [
    { path: '/', title: 'Reference shelf', description: 'Reference documents about the open web.' },
    { path: '/wiki/mozilla', title: 'Mozilla', description: 'The encyclopedia article on Mozilla: history, values, software, community.', aliases: ['firefox', 'mozilla foundation'] },
    { path: '/drafts/remotestorage', title: 'remoteStorage', description: 'The Internet-Draft of the remoteStorage protocol (draft-dejong-remotestorage-04).', aliases: ['remote storage', 'internet draft'] },
  ],
};

export const SHOP_SITE: GuideSite = {
  name: 'Fern & Flint',
  pages: [
    { path: '/', file: own('shop/home.html') },
    { path: '/tents/trail-two', file: own('shop/trail-two.html') },
    { path: '/stoves/ember', file: own('shop/ember.html') },
    { path: '/help/shipping', file: own('shop/shipping.html') },
    { path: '/contact', file: own('shop/contact.html') },
  ],
  sitemap: [
    { path: '/', title: 'Home', description: 'Fern & Flint, outdoor gear: featured tents, stoves and packs.' },
    { path: '/tents/trail-two', title: 'Trail Two tent', description: 'A two-person backpacking tent: price, specifications, compared with the Trail One.', aliases: ['tent', 'tents'] },
    { path: '/stoves/ember', title: 'Ember stove', description: 'A folding gas stove: price, boil time, weight and fuel.', aliases: ['stove', 'stoves', 'cooking'] },
    { path: '/help/shipping', title: 'Shipping and returns', description: 'Delivery times and costs, shipping abroad, returns and repairs.', aliases: ['delivery', 'returns', 'refund'] },
    { path: '/contact', title: 'Contact us', description: 'A form to write to the shop about an order or a product.', aliases: ['contact', 'email'] },
  ],
};

export const GUIDE_SITES: Record<string, GuideSite> = { articles: ARTICLES_SITE, reference: REFERENCE_SITE, shop: SHOP_SITE };
