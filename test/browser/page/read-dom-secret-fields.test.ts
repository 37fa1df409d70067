import { expect } from '@open-wc/testing';
import { readDOM } from '../../../core/page/read-dom/index.js';
import { mount, unmountAll } from './support/mount.js';

describe('readDOM never shows what a secret field holds', () => {
  afterEach(unmountAll);

  it('masks passwords, one-time codes and card details, whatever the input type says', () => {
    const root = mount(`
      <form>
        <input type="password" name="pw" value="SECRET-PASSWORD">
        <label for="pin">PIN code</label><input type="text" id="pin" value="SECRET-PIN">
        <input type="text" name="otp" autocomplete="one-time-code" value="SECRET-OTP">
        <input type="tel" name="cardNumber" value="SECRET-4111111111111111">
        <input type="text" name="cvc" style="-webkit-text-security: disc" value="SECRET-CVC">
        <textarea autocomplete="cc-number">SECRET-TEXTAREA</textarea>
        <select autocomplete="cc-exp-month"><option>01</option><option selected>12</option></select>
        <input type="text" name="city" value="Lyon">
      </form>`);
    const { text } = readDOM({ scope: root });
    expect(text.match(/value=\*\*\*/g)?.length).to.equal(7);
    expect(text).to.match(/\[[0-9a-z]+\]<input name=city value=Lyon>/);
    // The select still lists its options (what anyone could pick), but not which one is chosen.
    expect(text).to.match(/\[[0-9a-z]+\]<select value=\*\*\*>01\|12/);
    for (const secret of ['PASSWORD', 'PIN', 'OTP', '4111', 'CVC', 'TEXTAREA']) expect(text).not.to.include(`SECRET-${secret}`);
  });
});
