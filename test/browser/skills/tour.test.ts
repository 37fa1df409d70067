import { expect } from '@open-wc/testing';
import type { DddkController } from '../../../core/controller/create-dddk.js';
import { eventually } from '../../support/eventually.js';

type Fixture = { controller: DddkController; page: string };
const LOG_KEY = 'tour-fixture.log';
const POINTER_KEY = 'dddk.skills.run';

const log = () => JSON.parse(sessionStorage.getItem(LOG_KEY) ?? '[]') as string[];

/** The log's entries since the `count`-th time `entry` was written. */
function after(entry: string, count: number): string[] {
  const entries = log();
  let seen = 0;
  const index = entries.findIndex((candidate) => candidate === entry && ++seen === count);
  return index < 0 ? [] : entries.slice(index + 1);
}

describe('a tour across two pages, declared in the page config', () => {
  let frame: HTMLIFrameElement;
  const fixtureOf = () => (frame.contentWindow as (Window & { dddkFixture?: Fixture }) | null)?.dddkFixture;
  const pausedController = () => {
    const fixture = fixtureOf();
    return fixture?.controller.subtitle.getState().prompt?.kind === 'pause' ? fixture.controller : undefined;
  };

  beforeEach(() => {
    sessionStorage.removeItem(LOG_KEY);
    sessionStorage.removeItem(POINTER_KEY);
    frame = document.createElement('iframe');
    frame.style.width = '800px';
    frame.style.height = '600px';
    frame.src = '/test/browser/skills/fixtures/tour-page.html?page=1';
    document.body.append(frame);
  });
  afterEach(() => {
    frame.remove();
    sessionStorage.removeItem(LOG_KEY);
    sessionStorage.removeItem(POINTER_KEY);
  });

  it('goes on at its step on the next page, and again at the same step after a reload', async () => {
    await eventually(() => expect(fixtureOf()?.page).to.equal('1'), 5_000);
    const first = fixtureOf()!;
    await first.controller.loadSkills();
    void first.controller.runSkill('tour');

    // Page one: the line, the mark on #one with its caption, then the wait for the visitor.
    await eventually(() => expect(pausedController()).to.equal(first.controller), 5_000);
    expect(first.controller.subtitle.getState().prompt, 'the wait repeats the mark’s line').to.include({ message: 'The first thing' });
    const overlayText = () => frame.contentDocument!.querySelector('dddk-overlay-layer')?.shadowRoot?.textContent ?? '';
    expect(overlayText()).to.contain('The first thing');
    first.controller.subtitle.answerPrompt({ kind: 'pause', decision: 'continue' });

    // The navigate step loads page two; its controller picks the tour up and waits for #two, drawn late.
    await eventually(() => expect(fixtureOf()?.page).to.equal('2'), 5_000);
    await eventually(() => expect(pausedController()).to.not.equal(undefined), 5_000);
    expect(pausedController()!.subtitle.getState().prompt).to.include({ message: 'Press Space to finish' });
    expect(after('start 2 resumed', 1)).to.deep.equal(['step 2 4 point', 'step 2 5 wait']);
    expect(log().slice(0, 6)).to.deep.equal(['start 1 fresh', 'step 1 0 subtitle', 'step 1 1 point', 'step 1 2 wait', 'step 1 3 navigate', 'start 2 resumed']);

    // A reload in the middle of the wait: the tour goes on at that wait, not before it.
    frame.contentWindow!.location.reload();
    await eventually(() => expect(log().filter((entry) => entry === 'start 2 resumed')).to.have.length(2), 5_000);
    await eventually(() => expect(pausedController()).to.not.equal(undefined), 5_000);
    expect(after('start 2 resumed', 2)).to.deep.equal(['step 2 5 wait']);
    const last = pausedController()!;
    last.subtitle.answerPrompt({ kind: 'pause', decision: 'continue' });
    await eventually(() => expect(log().at(-1)).to.equal('done 2 done'), 5_000);
    expect(last.subtitle.getState().text).to.equal('That was the tour.');
    expect(sessionStorage.getItem(POINTER_KEY), 'the finished tour leaves no pointer').to.equal(null);
  });
});
