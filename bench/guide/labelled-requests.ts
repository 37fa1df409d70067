// What visitors ask the offline guide, and what a good site guide does with each request: the text
// its answer must contain, the element it should point at, the page it should end on. Written from
// the pages as a visitor sees them, before the guide was tuned on them; no rule may be fitted to one
// request. `orchard` is the demo site; the others are in guide-sites.ts.
import type { GuideRequest } from './guide-request.types.js';

const PRICE_ROW = 'table.plans tbody tr:nth-child(1)';

export const LABELLED_REQUESTS: readonly GuideRequest[] = [
  // The demo: a SaaS site with a plans table, billing questions, docs and a contact form.
  { site: 'orchard', start: '/', request: 'how much does grove cost', category: 'table', answer: ['$8'], pointAt: `${PRICE_ROW} td:nth-child(3)`, endOn: '/pricing' },
  { site: 'orchard', start: '/pricing', request: 'single sign-on', category: 'table', answer: ['Estate', 'included'], pointAt: 'table.plans tbody tr:nth-child(8)', endOn: '/pricing' },
  { site: 'orchard', start: '/', request: 'is there a free plan', category: 'table', answer: ['Seedling', 'Free'], pointAt: `${PRICE_ROW} td:nth-child(2)`, endOn: '/pricing' },
  { site: 'orchard', start: '/pricing', request: 'how many members can Estate have', category: 'table', answer: ['Unlimited'], pointAt: 'table.plans tbody tr:nth-child(2) td:nth-child(4)', endOn: '/pricing' },
  { site: 'orchard', start: '/pricing', request: 'does seedling include the weekly digest', category: 'table', answer: ['not included'], pointAt: 'table.plans tbody tr:nth-child(5) td:nth-child(2)', endOn: '/pricing' },
  { site: 'orchard', start: '/docs', request: 'what support do I get with grove', category: 'table', answer: ['Email, next business day'], pointAt: 'table.plans tbody tr:nth-child(9) td:nth-child(3)', endOn: '/pricing' },
  { site: 'orchard', start: '/', request: 'is there a discount for yearly billing', category: 'faq', answer: ['Two months free'], pointAt: 'dl.faq dd:nth-of-type(2)', endOn: '/pricing' },
  { site: 'orchard', start: '/pricing', request: 'nonprofit pricing', category: 'faq', answer: ['Registered nonprofits get Grove free'], pointAt: 'dl.faq dd:nth-of-type(3)', endOn: '/pricing' },
  { site: 'orchard', start: '/docs', request: 'can I switch plans later?', category: 'faq', answer: ['Upgrades apply at once'], pointAt: 'dl.faq dd:nth-of-type(1)', endOn: '/pricing' },
  { site: 'orchard', start: '/', request: 'how do I import tasks from a csv file', category: 'section', answer: ['Export your sheet as CSV'], pointAt: '#docs-import', endOn: '/docs' },
  { site: 'orchard', start: '/docs', request: 'which key makes a new task', category: 'section', answer: ['N', 'New task in the focused column'], pointAt: '[aria-labelledby="docs-shortcuts"] dd:nth-of-type(1)', endOn: '/docs' },
  { site: 'orchard', start: '/pricing', request: 'go to the docs', category: 'navigation', answer: ['Docs'], endOn: '/docs' },
  { site: 'orchard', start: '/', request: 'I want to talk to sales', category: 'navigation', answer: ['Contact'], endOn: '/contact' },
  {
    site: 'orchard',
    start: '/',
    request: 'switch to dark theme',
    category: 'action',
    endOn: '/',
    effect: "document.documentElement.getAttribute('data-dddk-theme') === 'dark'",
  },
  {
    site: 'orchard',
    start: '/contact',
    request: 'fill the contact form with name Ada and email ada@example.com',
    category: 'action',
    endOn: '/contact',
    effect: "document.querySelector('[name=name]').value === 'Ada' && document.querySelector('[name=email]').value === 'ada@example.com'",
  },
  {
    site: 'orchard',
    start: '/',
    request: 'fill in the contact form: my name is Grace Hopper, email grace@navy.example, message Please call me about Estate',
    category: 'action',
    endOn: '/contact',
    effect:
      "document.querySelector('[name=name]').value === 'Grace Hopper' && document.querySelector('[name=email]').value === 'grace@navy.example' && document.querySelector('[name=message]').value === 'Please call me about Estate'",
  },
  { site: 'orchard', start: '/pricing', request: 'what does the pro plan cost', category: 'no-answer', answer: ['Pricing'], endOn: '/pricing' },
  { site: 'orchard', start: '/', request: 'do you have an android app', category: 'no-answer', endOn: '/' },
  { site: 'orchard', start: '/docs', request: 'what is the weather in Lisbon tomorrow', category: 'no-answer', endOn: '/docs' },
  { site: 'orchard', start: '/', request: '價格', category: 'language', endOn: '/pricing', script: 'han' },
  { site: 'orchard', start: '/', request: '我想聯絡業務', category: 'language', endOn: '/contact', script: 'han' },
  { site: 'orchard', start: '/', request: '有退款政策嗎', category: 'language', endOn: '/', script: 'han' },

  // Saved articles from the open web, on a plain multi-page site (no router).
  { site: 'articles', start: '/', request: 'how big is the standalone add.wasm file', category: 'section', answer: ['87 bytes'], endOn: '/v8/standalone-wasm' },
  { site: 'articles', start: '/v8/standalone-wasm', request: 'which wasm runtimes can run it', category: 'section', answer: ['wasmer', 'wasmtime'], endOn: '/v8/standalone-wasm' },
  { site: 'articles', start: '/', request: 'what do I need to build a terrarium', category: 'section', answer: ['Cloche', 'Moss'], endOn: '/crafts/terrarium' },
  { site: 'articles', start: '/crafts/terrarium', request: 'how much smaller should I cut the foam oasis', category: 'section', answer: ['3/4 inch'], endOn: '/crafts/terrarium' },
  { site: 'articles', start: '/', request: 'what is WebIDE', category: 'section', answer: ['Firefox OS apps'], endOn: '/firefox/developer-edition' },
  { site: 'articles', start: '/firefox/developer-edition', request: 'how do I get my bookmarks in developer edition', category: 'section', answer: ['sync the profile'], endOn: '/firefox/developer-edition' },
  { site: 'articles', start: '/v8/standalone-wasm', request: 'open the terrarium article', category: 'navigation', answer: ['Terrarium'], endOn: '/crafts/terrarium' },
  { site: 'articles', start: '/', request: 'how do I cancel my subscription', category: 'no-answer', endOn: '/' },
  { site: 'articles', start: '/crafts/terrarium', request: 'what is the price of a cloche', category: 'no-answer', endOn: '/crafts/terrarium' },

  // Reference documents: an encyclopedia article with an infobox, and an Internet-Draft.
  { site: 'reference', start: '/', request: 'when was mozilla founded', category: 'table', answer: ['February 28, 1998'], endOn: '/wiki/mozilla' },
  { site: 'reference', start: '/wiki/mozilla', request: 'who founded mozilla', category: 'table', answer: ['Netscape Communications Corporation'], endOn: '/wiki/mozilla' },
  { site: 'reference', start: '/wiki/mozilla', request: 'what industry is mozilla in', category: 'table', answer: ['Open-source software'], endOn: '/wiki/mozilla' },
  { site: 'reference', start: '/', request: 'what was firefox originally named', category: 'section', answer: ['Phoenix'], endOn: '/wiki/mozilla' },
  { site: 'reference', start: '/wiki/mozilla', request: 'when is mozilla persona shutting down', category: 'section', answer: ['November 30, 2016'], endOn: '/wiki/mozilla' },
  { site: 'reference', start: '/', request: 'when does the remotestorage draft expire', category: 'section', answer: ['18 June 2015'], endOn: '/drafts/remotestorage' },
  { site: 'reference', start: '/wiki/mozilla', request: 'who is the ceo of google', category: 'no-answer', endOn: '/wiki/mozilla' },

  // A small shop: spec tables, a definition list, collapsed FAQ answers, a contact form.
  { site: 'shop', start: '/', request: 'how much does the trail two tent weigh', category: 'table', answer: ['1.9 kg'], pointAt: 'table tbody tr:nth-child(1) td', endOn: '/tents/trail-two' },
  { site: 'shop', start: '/tents/trail-two', request: 'does the trail one have two doors', category: 'table', answer: ['no'], pointAt: 'table:nth-of-type(2) tbody tr:nth-child(2) td:nth-of-type(1)', endOn: '/tents/trail-two' },
  { site: 'shop', start: '/tents/trail-two', request: 'is a footprint included with the trail two', category: 'table', answer: ['yes'], pointAt: 'table:nth-of-type(2) tbody tr:nth-child(3) td:nth-of-type(2)', endOn: '/tents/trail-two' },
  { site: 'shop', start: '/', request: 'how long does the ember stove take to boil water', category: 'table', answer: ['4 minutes'], pointAt: 'dl dd:nth-of-type(1)', endOn: '/stoves/ember' },
  { site: 'shop', start: '/stoves/ember', request: 'what fuel does it use', category: 'table', answer: ['butane/propane'], pointAt: 'dl dd:nth-of-type(3)', endOn: '/stoves/ember' },
  { site: 'shop', start: '/', request: 'do you ship outside the UK', category: 'faq', answer: ['EU, Norway and Switzerland'], pointAt: 'details:nth-of-type(3) p', endOn: '/help/shipping' },
  { site: 'shop', start: '/help/shipping', request: 'can I return something', category: 'faq', answer: ['30 days'], pointAt: 'details:nth-of-type(4) p', endOn: '/help/shipping' },
  { site: 'shop', start: '/tents/trail-two', request: 'how long does delivery take', category: 'faq', answer: ['one to three working days'], pointAt: 'details:nth-of-type(1) p', endOn: '/help/shipping' },
  { site: 'shop', start: '/', request: 'take me to shipping and returns', category: 'navigation', answer: ['Shipping'], endOn: '/help/shipping' },
  {
    site: 'shop',
    start: '/contact',
    request: 'fill the form with name Lin Wei and email lin@example.com',
    category: 'action',
    endOn: '/contact',
    effect: "document.querySelector('#c-name').value === 'Lin Wei' && document.querySelector('#c-email').value === 'lin@example.com'",
  },
  { site: 'shop', start: '/', request: 'do you sell kayaks', category: 'no-answer', endOn: '/' },
  { site: 'shop', start: '/', request: '運費多少', category: 'language', endOn: '/help/shipping', script: 'han' },
];
