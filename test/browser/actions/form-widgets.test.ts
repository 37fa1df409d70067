import { expect } from '@open-wc/testing';
import { clearInput, fillInput, selectOption } from '../../../core/page/actions/index.js';
import { findFormWidget, listFormWidgets, registerFormWidget, unregisterFormWidget, type FormWidgetAdapter } from '../../../core/page/forms/index.js';
import { $, context, expectFailure, expectOk, mount, run, unmount } from './support.js';

describe('form-widget adapters', () => {
  afterEach(() => {
    for (const adapter of listFormWidgets()) unregisterFormWidget(adapter.id);
    unmount();
  });

  function adapter(id: string, priority: number | undefined, selector: string, log: string[]): FormWidgetAdapter {
    return {
      id,
      ...(priority === undefined ? {} : { priority }),
      match: (el) => el.closest(selector) !== null,
      fill: (_el, value, ctx) => {
        log.push(`${id}:${ctx.operation}:${value}`);
        return true;
      },
    };
  }

  it('are tried by priority, ties by registration order; same id replaces; unregister removes', () => {
    mount('<div class="fancy"><input id="i"></div>');
    const log: string[] = [];
    registerFormWidget(adapter('low', 1, '.fancy', log));
    registerFormWidget(adapter('default', undefined, '.fancy', log));
    registerFormWidget(adapter('high', 10, '.fancy', log));
    registerFormWidget(adapter('other', 50, '.elsewhere', log));
    registerFormWidget(adapter('tie', 10, '.fancy', log));
    expect(listFormWidgets().map((a) => a.id)).to.deep.equal(['other', 'high', 'tie', 'low', 'default']);
    expect(findFormWidget($('#i'))?.id).to.equal('high');
    registerFormWidget(adapter('high', 0, '.fancy', log));
    expect(findFormWidget($('#i'))?.id).to.equal('tie');
    expect(unregisterFormWidget('tie')).to.equal(true);
    expect(unregisterFormWidget('tie')).to.equal(false);
    expect(findFormWidget($('#i'))?.id).to.equal('low');
    const remove = registerFormWidget({ id: 'throws', priority: 99, match: () => { throw new Error('x'); }, fill: () => true });
    expect(findFormWidget($('#i'))?.id, 'a throwing matcher does not match').to.equal('low');
    remove();
    expect(listFormWidgets().map((a) => a.id)).to.not.include('throws');
    expect(() => registerFormWidget({ id: '' } as FormWidgetAdapter)).to.throw(/id/);
  });

  it('fill_input, select_option and clear_input go through the matching adapter first', async () => {
    mount(`<div class="date-picker"><input id="date" readonly></div><div class="combo"><select id="s" hidden></select></div><input id="plain">`);
    const log: string[] = [];
    registerFormWidget(adapter('picker', 5, '.date-picker', log));
    registerFormWidget({
      id: 'combo',
      priority: 5,
      match: (el) => el.closest('.combo') !== null,
      fill: async (_el, value, ctx) => {
        await ctx.wait(5);
        log.push(`combo:${ctx.operation}:${value}`);
        return value !== 'unknown';
      },
    });
    const filled = expectOk(await run(fillInput, { target: '#date', value: '2025-05-01' }));
    expect(filled.data).to.deep.equal({ value: '2025-05-01', adapter: 'picker' });
    expectOk(await run(selectOption, { target: '#s', option: ['one', 'two'] }));
    expectOk(await run(clearInput, { target: '#date' }));
    expect(log).to.deep.equal(['picker:fill:2025-05-01', 'combo:select:one', 'combo:select:two', 'picker:clear:']);
    expect(expectFailure(await run(selectOption, { target: '#s', option: 'unknown' }), 'not_interactive')).to.contain('"combo"');
    expectOk(await run(fillInput, { target: '#plain', value: 'default path' }));
    expect(($('#plain') as HTMLInputElement).value).to.equal('default path');
  });

  it('a throwing adapter becomes a failure, and an adapter sees cancellation', async () => {
    mount('<input id="x" class="boom"><input id="y" class="slow">');
    registerFormWidget({ id: 'boom', match: (el) => el.matches('.boom'), fill: () => { throw new Error('widget API changed'); } });
    registerFormWidget({
      id: 'slow',
      match: (el) => el.matches('.slow'),
      fill: async (_el, _value, ctx) => {
        await ctx.wait(5_000);
        return !ctx.signal.aborted;
      },
    });
    expect(expectFailure(await run(fillInput, { target: '#x', value: 'v' }), 'unknown')).to.contain('widget API changed');
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 20);
    expectFailure(await fillInput.run({ target: '#y', value: 'v' }, context({ signal: controller.signal })), 'cancelled');
  });
});
