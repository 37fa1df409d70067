import { defineAction, schema } from './define-action.js';
import { isVisible } from './element-state.js';
import { succeed } from './results.js';

export type LoginWallConfidence = 'none' | 'low' | 'medium' | 'high';

export interface LoginWallReport {
  loginWall: boolean;
  confidence: LoginWallConfidence;
  /** What was found, in words. */
  signals: string[];
}

const LOGIN_PATH = /(^|\/)(log-?in|sign-?in|signon|auth(enticate)?|sso|session\/new|users\/sign_in)(\/|$)/i;
const LOGIN_NAME = /log-?in|sign-?in|signin|auth|session/i;
const LOGIN_BUTTON = /^(log ?in|sign ?in|continue with (google|github|apple|microsoft|facebook|email)|sign in with .+|log in with .+)$/i;
const DENIED_TEXT = /\b(401|unauthori[sz]ed|please (log|sign) ?in|you (must|need to) (be )?(log|sign)(ged)? ?in|(log|sign) ?in to continue|session (has )?expired|access denied|403 forbidden)\b/i;

function squash(text: string | null | undefined): string {
  return (text ?? '').replace(/\s+/g, ' ').trim();
}

/** Looks for the marks of a sign-in page: password fields, sign-in forms and buttons, "401"-style text. */
export function detectLoginWall(): LoginWallReport {
  const signals: string[] = [];
  let strong = 0;
  let medium = 0;

  const passwords = [...document.querySelectorAll('input[type="password"]')].filter(isVisible);
  if (passwords.length > 0) {
    strong += 1;
    signals.push(`${passwords.length} visible password field${passwords.length > 1 ? 's' : ''}`);
  }
  const path = location.pathname;
  if (LOGIN_PATH.test(path)) {
    medium += 1;
    signals.push(`the URL path ${path} looks like a sign-in page`);
  }
  const forms = [...document.forms].filter(
    (form) => isVisible(form) && LOGIN_NAME.test(`${form.id} ${form.name} ${form.getAttribute('action') ?? ''} ${form.className}`),
  );
  if (forms.length > 0) {
    medium += 1;
    signals.push('a form named or posting like a sign-in form');
  }
  const username = [...document.querySelectorAll('input[autocomplete="username"], input[autocomplete="current-password"]')].filter(isVisible);
  if (username.length > 0 && passwords.length === 0) {
    medium += 1;
    signals.push('a username field (a sign-in that asks for the password next)');
  }
  const buttons = [...document.querySelectorAll('button, a, input[type="submit"], [role="button"]')]
    .filter((el) => LOGIN_BUTTON.test(squash((el as HTMLInputElement).value || el.textContent)) && isVisible(el))
    .map((el) => squash((el as HTMLInputElement).value || el.textContent));
  if (buttons.length > 0) {
    medium += buttons.some((b) => /continue with|with /i.test(b)) ? 1 : 0;
    signals.push(`sign-in buttons: ${[...new Set(buttons)].slice(0, 4).map((b) => JSON.stringify(b)).join(', ')}`);
  }
  const headline = [document.title, ...[...document.querySelectorAll('h1, h2, [role="alert"]')].slice(0, 12).map((el) => el.textContent)]
    .map(squash)
    .join(' | ');
  const body = squash(document.body?.innerText ?? '').slice(0, 20_000);
  const denied = DENIED_TEXT.exec(headline) ?? DENIED_TEXT.exec(body);
  if (denied) {
    strong += 1;
    signals.push(`the page says ${JSON.stringify(denied[0])}`);
  }

  const confidence: LoginWallConfidence =
    strong >= 1 && strong + medium >= 2 ? 'high' : strong >= 1 || medium >= 2 ? 'medium' : medium === 1 || signals.length > 0 ? 'low' : 'none';
  return { loginWall: confidence === 'high' || confidence === 'medium', confidence, signals };
}

export const detectLoginWallAction = defineAction<LoginWallReport>({
  name: 'detect_login_wall',
  description: 'Check whether this page is asking the user to sign in (password fields, sign-in forms, "401"/"please sign in" text). Reports what it found.',
  parameters: schema.object({}),
  async run() {
    const report = detectLoginWall();
    const found = report.signals.length ? ` Found: ${report.signals.join('; ')}.` : '';
    const message = report.loginWall
      ? `This page asks the user to sign in (${report.confidence} confidence).${found} Ask the user to sign in themselves; never type credentials for them.`
      : `No sign-in wall detected${report.signals.length ? ' (only weak hints)' : ''}.${found}`;
    return succeed(message, report);
  },
});
