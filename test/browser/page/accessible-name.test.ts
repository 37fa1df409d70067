import { expect } from '@open-wc/testing';
import { accessibleName, authorName, labelledByName, labelsName } from '../../../core/page/accessible-name.js';
import { describeElement as describeForAction } from '../../../core/page/actions/describe-element.js';
import { describeElement as describeForContext } from '../../../core/page/context-capture/describe-element.js';
import { subjectOf, wordsOf } from '../../../core/page/effects/element-words.js';
import { readDOM } from '../../../core/page/read-dom/index.js';
import { mount, unmountAll } from './support/mount.js';

/**
 * Each case names the element marked `data-named`. The expected names are those of Chromium's
 * accessibility tree for the same markup, except where a comment says otherwise.
 */
const CASES: ReadonlyArray<readonly [string, string, string]> = [
  // aria-labelledby
  ['aria-labelledby beats aria-label', '<span id="a">First label</span><button data-named aria-labelledby="a" aria-label="AL">x</button>', 'First label'],
  ['aria-labelledby joins its targets in order', '<span id="a">One</span><span id="b">Two</span><button data-named aria-labelledby="b a">x</button>', 'Two One'],
  ['aria-labelledby may name the element itself', '<span id="o">World</span><button data-named id="s" aria-labelledby="s o">Hello</button>', 'Hello World'],
  ['aria-labelledby repeats a target named twice', '<span id="d">Dup</span><button data-named aria-labelledby="d d">x</button>', 'Dup Dup'],
  ['an aria-labelledby chain is not followed', '<span id="c">Far</span><span id="n" aria-labelledby="c">Near</span><button data-named aria-labelledby="n">x</button>', 'Near'],
  ['an aria-labelledby target is named by its aria-label', '<span id="t" aria-label="Its label">content</span><button data-named aria-labelledby="t">x</button>', 'Its label'],
  ['an aria-labelledby target is named by its title', '<span id="t" title="Only title"></span><button data-named aria-labelledby="t">x</button>', 'Only title'],
  ['a missing aria-labelledby id falls through', '<button data-named aria-labelledby="nowhere" aria-label="Fallback">x</button>', 'Fallback'],
  ['hidden text inside a shown target is left out', '<span id="t">Shown <span style="display:none">gone</span> text</span><button data-named aria-labelledby="t">x</button>', 'Shown text'],
  ['a hidden target names with all of its text', '<div id="t" hidden>Secret <span>part</span></div><button data-named aria-labelledby="t">x</button>', 'Secret part'],
  ['a target holding a field lends its value', '<div id="t"><input value="in ref"> tail</div><button data-named aria-labelledby="t">x</button>', 'in ref tail'],
  ['a slider target lends its value', '<div id="t" role="slider" aria-valuenow="5"></div><button data-named aria-labelledby="t">x</button>', '5'],
  // labels
  ['a label for the field', '<label for="f">Email</label><input data-named id="f">', 'Email'],
  ['hidden text inside a label is left out', '<label for="f">Email <span style="display:none">(required)</span> address</label><input data-named id="f">', 'Email address'],
  ['visibility:hidden hides a visible part too', '<label for="f"><span style="visibility:hidden">hid <b style="visibility:visible">vis</b></span> end</label><input data-named id="f">', 'end'],
  ['a label wrapping its field', '<label>Name <input data-named value="Bob"></label>', 'Name'],
  ['a label wrapping a checkbox', '<label><input type="checkbox" data-named> Accept <b>terms</b></label>', 'Accept terms'],
  ['two labels, in order', '<label for="f">One</label><label for="f">Two</label><input data-named id="f">', 'One Two'],
  ['a label named by its aria-label', '<label for="f" aria-label="Label aria">visible label</label><input data-named id="f">', 'Label aria'],
  ['a select in a label lends its chosen option', '<label for="c">Quantity <select><option>1</option><option selected>2</option></select> items</label><input type="checkbox" data-named id="c">', 'Quantity 2 items'],
  ['a number field in a label lends its value', '<label for="c">Remind in <input type="number" value="3"> days</label><input type="checkbox" data-named id="c">', 'Remind in 3 days'],
  // Chromium reads the password as bullets; a secret field lends nothing at all.
  ['a password in a label lends nothing', '<label for="c">Code <input type="password" value="hunter2"> ok</label><input type="checkbox" data-named id="c">', 'Code ok'],
  // Chromium drops a label hidden as a whole; accname and HTML-AAM keep it, as this kit always did.
  ['a hidden label still names, hidden parts included', '<label for="f" style="display:none">Hidden label <span style="display:none">inner</span></label><input data-named id="f">', 'Hidden label inner'],
  ['a button named by its label before its content', '<button data-named id="b">Content</button><label for="b">Lab</label>', 'Lab'],
  ['a select named by its label', '<select data-named id="s"><option>A</option></select><label for="s">Pick</label>', 'Pick'],
  // native text alternatives
  ['title before placeholder', '<input data-named placeholder="Ph" title="Ti">', 'Ti'],
  ['placeholder when nothing else', '<textarea data-named placeholder="Write here"></textarea>', 'Write here'],
  ['an image by its alt, not its title', '<img data-named alt="Alt text" title="T">', 'Alt text'],
  ['aria-label beats alt', '<img data-named alt="Alt" aria-label="AL">', 'AL'],
  ['aria-label on an image with empty alt', '<img data-named alt="" aria-label="AL2">', 'AL2'],
  ['a submit button by its value', '<input type="submit" data-named value="Send">', 'Send'],
  ['a submit button by default', '<input type="submit" data-named>', 'Submit'],
  ['an image button by its alt', '<input type="image" data-named alt="Go" src="data:,">', 'Go'],
  ['an image button by its title', '<input type="image" data-named title="Ti" src="data:,">', 'Ti'],
  ['a fieldset by its legend', '<fieldset data-named><legend>Shipping</legend><input></fieldset>', 'Shipping'],
  ['a table by its caption', '<table data-named><caption>Tab cap</caption><tr><td>c</td></tr></table>', 'Tab cap'],
  ['an option by its label attribute', '<select><option data-named label="LA">Text</option></select>', 'LA'],
  // content
  ['content before title', '<button data-named title="Remove item">×</button>', '×'],
  ['title when there is no content', '<button data-named title="Close"><svg width="10" height="10"><path d="M0 0"/></svg></button>', 'Close'],
  ['an svg by its title child', '<button data-named><svg width="10" height="10"><title>Gear</title></svg></button>', 'Gear'],
  ['an image inside a link by its alt', '<a href="#x" data-named><img alt="Logo"> Home</a>', 'Logo Home'],
  ['a part by its aria-label', '<a href="#x" data-named><span aria-label="Inner">xx</span> out</a>', 'Inner out'],
  ['hidden content is left out', '<a href="#x" data-named>Read <span style="display:none">secret</span><span style="visibility:hidden">inv</span> more</a>', 'Read more'],
  ['aria-hidden content is left out', '<button data-named>Save <span aria-hidden="true">💾</span></button>', 'Save'],
  ['blocks are words of their own', '<a href="#x" data-named><div>First</div><div>Second</div></a>', 'First Second'],
  ['inline-blocks are words of their own', '<a href="#x" data-named><span style="display:inline-block">A</span><span style="display:inline-block">B</span></a>', 'A B'],
  ['a line break is a space', '<button data-named>One<br>Two</button>', 'One Two'],
  ['a part\'s title is no part of the name', '<button data-named><span title="tip"></span></button>', ''],
  ['a role named by content', '<div role="button" data-named>Go <b>now</b></div>', 'Go now'],
  ['a heading, screen-reader-only text included', '<h2 data-named>Head <span style="position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)">extra</span></h2>', 'Head extra'],
  ['a summary', '<details><summary data-named>Sum</summary>x</details>', 'Sum'],
  ['a table cell', '<table><tr><td data-named>Cell <b>text</b></td></tr></table>', 'Cell text'],
  ['a list item is not named by its content', '<ul><li data-named>Item text</li></ul>', ''],
  ['a section by aria-labelledby', '<section data-named aria-labelledby="h">x</section><h3 id="h">Sec head</h3>', 'Sec head'],
];

afterEach(() => unmountAll());

describe('accessibleName', () => {
  for (const [title, html, expected] of CASES) {
    it(title, () => {
      const element = mount(html).querySelector('[data-named]')!;
      expect(accessibleName(element)).to.equal(expected);
    });
  }

  it('reads through shadow roots and slots', () => {
    const box = mount('<span></span>');
    const host = box.firstElementChild!;
    host.attachShadow({ mode: 'open' }).innerHTML = '<button>Shadow <slot></slot></button>';
    host.textContent = 'slotted';
    expect(accessibleName(host.shadowRoot!.querySelector('button')!)).to.equal('Shadow slotted');
  });

  it('finds aria-labelledby targets in the element’s own shadow root', () => {
    const host = mount('<span></span>').firstElementChild!;
    host.attachShadow({ mode: 'open' }).innerHTML = '<span id="l">Inside</span><button aria-labelledby="l">x</button>';
    expect(accessibleName(host.shadowRoot!.querySelector('button')!)).to.equal('Inside');
  });

  it('names a hidden element by all of its text', () => {
    const element = mount('<button style="display:none">Save <span>draft</span></button>').querySelector('button')!;
    expect(accessibleName(element)).to.equal('Save draft');
  });

  it('gives the parts: labelledByName, labelsName and authorName', () => {
    const box = mount('<span id="a">By id</span><label for="f">Lab <span hidden>x</span></label><input id="f" aria-labelledby="a" aria-label="AL">');
    const field = box.querySelector('input')!;
    expect(labelledByName(field)).to.equal('By id');
    expect(labelsName(field)).to.equal('Lab');
    expect(authorName(field)).to.equal('By id');
    field.removeAttribute('aria-labelledby');
    expect(authorName(field)).to.equal('AL');
  });
});

describe('every description uses the one accessible name', () => {
  it('a hidden part of a label is in no description', () => {
    const box = mount('<label for="f">Email <span style="display:none">(required)</span></label><input id="f" name="email">');
    const field = box.querySelector('input')!;
    expect(describeForAction(field)).to.equal('input[type=text] "Email"');
    expect(describeForContext(field).name).to.equal('Email');
    expect(subjectOf(field).name).to.equal('Email');
    expect(wordsOf(field).join(' ')).not.to.contain('required');
  });

  it('content names a button before its title', () => {
    const box = mount('<button title="Remove item">×</button>');
    const button = box.querySelector('button')!;
    expect(describeForAction(button)).to.equal('button "×"');
    expect(describeForContext(button)).to.deep.equal({ tag: 'button', role: 'button', name: '×' });
    expect(subjectOf(button).name).to.equal('×');
    // The title is still among the words judged for destructive wording.
    expect(wordsOf(button)).to.include('Remove item');
  });

  it('an image is described by its alt in actions too', () => {
    const box = mount('<img alt="Company logo" src="data:," width="20" height="20">');
    expect(describeForAction(box.querySelector('img')!)).to.equal('img "Company logo"');
  });

  it('the reader prints aria-labelledby before aria-label', () => {
    const box = mount('<span id="l">Delete the draft</span> <button aria-label="Close" aria-labelledby="l">×</button>');
    const { text } = readDOM({ scope: box });
    expect(text).to.contain('aria-label="Delete the draft"');
    expect(text).not.to.contain('aria-label=Close');
  });

  it('the reader names an image by aria-label before alt', () => {
    const box = mount('<img alt="A photo" aria-label="Team at the summit" src="data:," width="40" height="40">');
    expect(readDOM({ scope: box }).text).to.contain('![Team at the summit]');
  });

  it('the reader leaves hidden text of an aria-labelledby target out', () => {
    const box = mount('<span id="l">Save <span style="display:none">secretly</span> now</span> <button aria-labelledby="l">💾</button>');
    const { text } = readDOM({ scope: box });
    expect(text).to.contain('aria-label="Save now"');
    expect(text).not.to.contain('secretly');
  });
});
