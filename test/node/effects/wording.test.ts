import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { destructiveWording, foldWording, skeleton, wordingForms } from '../../../core/effects/wording.js';

const reads = (text: string, extra: RegExp[] = []) => destructiveWording([text], extra) !== undefined;

describe('destructive wording, read the way a person reads it', () => {
  it('matches the destructive verbs however a name or label is written', () => {
    for (const text of ['delete_item', 'deleteAccount', 'remove-member', 'DropTable', 'purge', 'wipe_data', 'Cancel order', 'cancel_subscription', 'unsubscribe',
      'Pay now', 'purchase', 'checkout', 'Submit payment', 'transfer_funds', 'refund', 'send_money', 'close_account', 'Place order', 'Buy', 'Erase all data', 'Factory reset', 'Empty trash']) {
      assert.ok(reads(text), text);
    }
  });

  it('leaves harmless words alone', () => {
    for (const text of ['display', 'payload_view', 'open_dropdown', 'Open drop-down', 'click', 'scroll_to', 'fill_input', 'cancel_edit', 'View payment history', 'highlight', 'navigate', 'Show details', 'Proceed', 'Save draft', 'Paypal help']) {
      assert.ok(!reads(text), text);
    }
  });

  it('sees through look-alike letters, invisible characters, accents, width, spacing and digits', () => {
    const disguises = {
      cyrillic: 'D\u0435lete account',
      cyrillicCaps: '\u0414ELETE'.replace('\u0414', 'D').replace('E', '\u0415'),
      greek: '\u03A1ay now',
      zeroWidth: 'Dele\u200Bte account',
      joiner: 'De\u200Dlete',
      softHyphen: 'De\u00ADlete account',
      bidi: 'Del\u202Eete',
      fullWidth: '\uFF24\uFF45\uFF4C\uFF45\uFF54\uFF45',
      accents: 'D\u00E9l\u00E8te',
      combining: 'De\u0301lete',
      spaced: 'D e l e t e my account',
      dotted: 'd.e.l.e.t.e',
      leet: 'D3L3TE',
      leetSigns: 'p@y now',
      ligature: '\uFB01nal checkout',
    };
    for (const [name, text] of Object.entries(disguises)) assert.ok(reads(text), `${name}: ${JSON.stringify(text)} → ${JSON.stringify(wordingForms(text))}`);
  });

  it('reads every shipped locale: Traditional and Simplified Chinese', () => {
    for (const text of ['刪除帳戶', '删除', '立即付款', '確認訂單', '取消訂閱', '清空購物車', '關閉帳號', '结账']) assert.ok(reads(text), text);
    for (const text of ['查看詳情', '儲存草稿', '下一頁']) assert.ok(!reads(text), text);
  });

  it('adds the host’s patterns, matched on the normalized text, stateless even with the g flag', () => {
    const archive = [/\barchive\b/g];
    assert.deepEqual([1, 2, 3].map(() => reads('Arch\u0456ve all', archive)), [true, true, true]);
    assert.ok(!reads('Arch\u0456ve all'));
  });

  it('folds to one canonical form: NFKC, no invisible characters, no accents, lower case, one space', () => {
    assert.equal(foldWording('  \uFF24\u00E9le\u200Bte\u00AD   ALL  '), 'delete all');
    assert.equal(skeleton('р\u0430у'), 'pay');
  });
});
