/**
 * Wording whose effect a visitor cannot undo by clicking around, in every locale the kit ships (a
 * page may mix languages, so all of them are matched). Patterns see folded, lower-case, Latin-skeleton
 * text (see wording.ts): accents, look-alike letters and invisible characters are already gone.
 */

const ENGLISH: readonly RegExp[] = [
  /\b(delete|remove|destroy|purge|erase|wipe|discard|unsubscribe|deactivate|revoke|terminate|uninstall|forfeit)\b/,
  /\bdrop\b(?![ -]?down)/,
  /\b(pay|purchase|checkout|check out|buy|transfer|refund|donate|withdraw)\b/,
  /\bcancel (my |the |this |your )?(order|subscription|account|plan|membership|booking|reservation|payment|transfer)s?\b/,
  /\bsubmit (the |my |your )?(order|payment)\b/,
  /\bplace (an |the |my |your )?order\b/,
  /\bconfirm (the |my |your )?(order|payment|purchase|transfer|deletion)\b/,
  /\bsend (the )?(money|payment|funds)\b/,
  /\bclose (my |the |this |your )?account\b/,
  /\b(factory )?reset (all|everything|data|account|settings|to factory)\b/,
  /\bfactory reset\b/,
  /\bempty (the )?(trash|bin|cart)\b/,
  /\bclear (all )?(data|history|everything)\b/,
];

/** Traditional and Simplified Chinese: delete, remove, clear, destroy, pay, buy, check out, order, transfer, refund, unsubscribe, deactivate, cancel an account. */
const CHINESE: readonly RegExp[] = [
  /(刪除|删除|移除|清除|清空|銷毀|销毁|抹除|丟棄|丢弃)/,
  /(付款|支付|購買|购买|結帳|结账|結賬|下單|下单|轉帳|转账|轉賬|退款|捐款|提領|提现)/,
  /(取消訂閱|取消订阅|退訂|退订|停用|註銷|注销|撤銷|撤销|終止|终止)/,
  /(關閉|关闭|刪除|删除)(帳戶|账户|帳號|账号)/,
  /(確認|确认)(訂單|订单|付款|購買|购买)/,
];

export const DESTRUCTIVE_PATTERNS: readonly RegExp[] = Object.freeze([...ENGLISH, ...CHINESE]);
