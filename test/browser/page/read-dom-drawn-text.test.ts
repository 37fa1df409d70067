import { expect } from '@open-wc/testing';
import { readDOM } from '../../../core/page/read-dom/index.js';
import { mount, unmountAll } from './support/mount.js';

// Text a sighted reader sees that is not in the page's text nodes: CSS generated content, and formulas.

/** The styles MathJax's HTML output relies on: each glyph drawn by `::before`, the MathML beside it clipped away. */
const MATHJAX_STYLES = `
  mjx-container { display: inline-block; }
  mjx-container[display="true"] { display: block; text-align: center; }
  mjx-math, mjx-mi, mjx-mo, mjx-mn, mjx-msup, mjx-script, mjx-mrow { display: inline-block; }
  mjx-c { display: inline-block; }
  mjx-c.mjx-c61::before { content: "a"; }
  mjx-c.mjx-c78::before { content: "x"; }
  mjx-c.mjx-c32::before { content: "2"; }
  mjx-c.mjx-c2B::before { content: "+"; }
  mjx-c.mjx-c31::before { content: "1"; }
  mjx-assistive-mml { position: absolute !important; top: 0; left: 0; clip: rect(1px, 1px, 1px, 1px); overflow: hidden !important; }`;

function mathJax(assistive: string): string {
  const glyph = (code: string) => `<mjx-c class="mjx-c${code}"></mjx-c>`;
  return `
    <mjx-container jax="CHTML" style="position:relative">
      <mjx-math aria-hidden="true">
        <mjx-mi>${glyph('61')}</mjx-mi>
        <mjx-msup><mjx-mi>${glyph('78')}</mjx-mi><mjx-script><mjx-mn>${glyph('32')}</mjx-mn></mjx-script></mjx-msup>
        <mjx-mo>${glyph('2B')}</mjx-mo><mjx-mn>${glyph('31')}</mjx-mn>
      </mjx-math>
      <mjx-assistive-mml display="inline"><math>${assistive}</math></mjx-assistive-mml>
    </mjx-container>`;
}

describe('readDOM reads text that CSS draws, and formulas', () => {
  afterEach(unmountAll);

  it('reads ::before and ::after content of an empty element, checked like any text', () => {
    const root = mount(`
      <style>
        .badge::before { content: "New"; }
        .price::after { content: attr(data-currency) " only"; }
        .icon::before { content: "\\e900"; }
        .faint::before { content: "SECRET-TRANSPARENT"; color: transparent; }
        .tiny::after { content: "SECRET-TINY"; font-size: 1px; }
        .gone::before { content: "SECRET-NONE"; display: none; }
        .alt::before { content: "→" / "SECRET-ALT"; }
      </style>
      <p>Product <span class="badge"></span> for 12 <span class="price" data-currency="euros"></span></p>
      <p>Icons <i class="icon"></i><span class="faint"></span><span class="tiny"></span><span class="gone"></span> end <span class="alt"></span></p>`);
    const { text } = readDOM({ scope: root });
    expect(text).to.include('Product New for 12 euros only');
    expect(text).to.include('Icons end →');
    expect(text).not.to.include('SECRET');
    expect(text).not.to.match(/[\uE000-\uF8FF]/);
  });

  it('reads visible MathML as a linear formula, display formulas on a line of their own', () => {
    const root = mount(`
      <p>Solve <math><mi>a</mi><msup><mi>x</mi><mn>2</mn></msup><mo>+</mo><mi>b</mi><mi>x</mi><mo>+</mo><mi>c</mi><mo>=</mo><mn>0</mn></math> for x.</p>
      <math display="block"><mi>x</mi><mo>=</mo><mfrac><mrow><mo>−</mo><mi>b</mi></mrow><mrow><mn>2</mn><mi>a</mi></mrow></mfrac></math>
      <p><math><msqrt><mi>y</mi></msqrt><mphantom><mi>SECRET</mi></mphantom></math></p>`);
    const { text } = readDOM({ scope: root });
    expect(text).to.include('Solve a x^2 + b x + c = 0 for x.');
    expect(text).to.match(/\nx = \(− b\)\/\(2 a\)\n/);
    expect(text).to.include('√(y)');
    expect(text).not.to.include('SECRET');
  });

  it('reads a MathJax formula from its MathML when the drawn glyphs bear it out', () => {
    const root = mount(`<style>${MATHJAX_STYLES}</style>
      <p>Take ${mathJax('<mi>a</mi><msup><mi>x</mi><mn>2</mn></msup><mo>+</mo><mn>1</mn>')} as given.</p>`);
    const { text } = readDOM({ scope: root });
    expect(text).to.include('Take a x^2 + 1 as given.');
  });

  it('does not let the hidden MathML of a MathJax formula say more than its glyphs: they are read instead', () => {
    const root = mount(`<style>${MATHJAX_STYLES}</style>
      <p>Take ${mathJax('<mi>a</mi><mtext>SECRET instructions</mtext>')} as given.</p>`);
    const { text } = readDOM({ scope: root });
    expect(text).not.to.include('SECRET');
    expect(text).to.include('Take a x 2 + 1 as given.');
  });
});
