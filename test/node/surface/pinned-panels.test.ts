import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createPinnedPanelRegistry, type PinnedPanelEvent } from '../../../core/surface/pinned-panels.js';

const checklist = {
  root: {
    piece: 'Stack',
    children: [
      { piece: 'ProgressBar', props: { value: { $bind: '/progress' } } },
      { piece: 'Checkbox', id: 'invite', props: { label: 'Invite your team', checked: { $bind: '/tasks/invite' } } },
    ],
  },
  data: { progress: 0, tasks: { invite: false } },
};

test('create: defaults to bottom-right and dismissible; the frame chrome is kept as given', () => {
  const panels = createPinnedPanelRegistry();
  const panel = panels.create({ id: 'start', surface: checklist, title: 'The basics', subtitle: 'Get set up', footer: 'Acme' });
  const state = panel.getState();
  assert.deepEqual(
    { corner: state.corner, dismissible: state.dismissible, title: state.title, subtitle: state.subtitle, footer: state.footer },
    { corner: 'bottom-right', dismissible: true, title: 'The basics', subtitle: 'Get set up', footer: 'Acme' },
  );
  assert.equal(panels.get('start'), panel);
  assert.deepEqual(panels.inCorner('bottom-right'), [panel]);
  assert.deepEqual(panels.inCorner('top-left'), []);
});

test('setData / getData and inputs share one data model', () => {
  const panel = createPinnedPanelRegistry().create({ id: 'p', surface: checklist });
  panel.getState().model.input('invite', true);
  assert.deepEqual(panel.getData(), { progress: 0, tasks: { invite: true } });
  panel.setData({ progress: 50, tasks: { invite: true } });
  assert.equal(panel.getState().model.resolveProps('/root/children/0')['value'], 50);
});

test('update changes chrome and corner; a new surface keeps the data unless data is given', () => {
  const panels = createPinnedPanelRegistry();
  const events: PinnedPanelEvent['type'][] = [];
  panels.subscribe((event) => events.push(event.type));
  const panel = panels.create({ id: 'p', surface: checklist, corner: 'top-left' });
  panel.setData({ progress: 30 });
  const oldModel = panel.getState().model;
  panel.update({ title: 'Renamed', corner: 'bottom-left', surface: { root: { piece: 'ProgressBar', props: { value: { $bind: '/progress' } } } } });
  assert.equal(panel.getState().title, 'Renamed');
  assert.deepEqual(panels.inCorner('bottom-left'), [panel]);
  assert.notEqual(panel.getState().model, oldModel);
  assert.deepEqual(panel.getData(), { progress: 30 });
  assert.equal(oldModel.isSettled(), true, 'the replaced model is disposed');
  panel.update({ data: { progress: 90 } });
  assert.deepEqual(panel.getData(), { progress: 90 });
  assert.deepEqual(events, ['opened', 'updated', 'updated']);
});

test('bad specs are refused naming the field', () => {
  const panels = createPinnedPanelRegistry();
  assert.throws(() => panels.create({ id: '', surface: checklist }), /non-empty string "id"/);
  assert.throws(() => panels.create({ id: 'p', surface: checklist, corner: 'middle' as never }), /"corner" must be one of bottom-right, bottom-left, top-right, top-left/);
  assert.throws(() => panels.create({ id: 'p', surface: checklist, title: 'x'.repeat(301) }), /"title" must be plain text/);
  assert.throws(() => panels.create({ id: 'p', surface: { root: { piece: 'Nope' } } }), /\/root\/piece: unknown piece "Nope"/);
  assert.equal(panels.list().length, 0);
});

test('the user may dismiss only a dismissible panel; the host always may', async () => {
  const panels = createPinnedPanelRegistry();
  const dismissed: boolean[] = [];
  panels.subscribe((event) => event.type === 'dismissed' && dismissed.push(event.byUser));
  const sticky = panels.create({ id: 'sticky', surface: checklist, dismissible: false });
  assert.equal(sticky.requestDismiss(), false);
  assert.equal(sticky.isOpen(), true);
  sticky.dismiss();
  assert.equal(sticky.isOpen(), false);
  assert.equal(panels.get('sticky'), undefined);
  assert.deepEqual((await sticky.getState().model.result).action, { type: 'cancel' });
  const loose = panels.create({ id: 'loose', surface: checklist });
  assert.equal(loose.requestDismiss(), true);
  assert.deepEqual(dismissed, [false, true]);
  assert.throws(() => loose.update({ title: 'x' }), /was dismissed; create it again/);
});

test('creating with an id in use replaces that panel; clear dismisses all', () => {
  const panels = createPinnedPanelRegistry();
  const first = panels.create({ id: 'p', surface: checklist });
  const second = panels.create({ id: 'p', surface: checklist, corner: 'top-right' });
  assert.equal(first.isOpen(), false);
  assert.equal(panels.get('p'), second);
  panels.create({ id: 'q', surface: checklist });
  assert.equal(panels.list().length, 2);
  panels.clear();
  assert.equal(panels.list().length, 0);
  assert.equal(second.isOpen(), false);
});
