/**
 * What must never become a memory: payment card numbers (Luhn-checked), national id and bank account
 * shapes (with their check digits where they have one), passwords and secrets, and one-time codes.
 * A host adds its own patterns. Checked on every write, whoever asserts it.
 */
import { passesIbanCheck, passesLuhn, passesTaiwanIdCheck } from './checksums.js';

export type PersonalDataKind = 'card-number' | 'national-id' | 'bank-account' | 'password' | 'secret' | 'one-time-code' | 'host';

export interface PersonalDataFinding {
  kind: PersonalDataKind;
  /** Where in the text, as string indices. */
  start: number;
  end: number;
  /** The host pattern's name, for `host` findings. */
  pattern?: string;
}

export interface HostPattern {
  name: string;
  pattern: RegExp;
}

interface Rule {
  kind: PersonalDataKind;
  pattern: RegExp;
  /** Which group is the datum itself (default the whole match). */
  group?: number;
  valid?: (text: string) => boolean;
}

const digitsOf = (text: string) => text.replace(/\D/g, '');

const RULES: readonly Rule[] = [
  // 13–19 digits, in groups of spaces or dashes as cards are written.
  { kind: 'card-number', pattern: /(?<![\d-])\d(?:[ -]?\d){12,18}(?![\d-])/g, valid: (text) => passesLuhn(digitsOf(text)) },
  { kind: 'national-id', pattern: /(?<!\d)(?!000|666|9\d\d)\d{3}-(?!00)\d{2}-(?!0000)\d{4}(?!\d)/g },
  { kind: 'national-id', pattern: /\b[A-Z][12489]\d{8}\b/g, valid: passesTaiwanIdCheck },
  { kind: 'national-id', pattern: /\b[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z] ?\d{2} ?\d{2} ?\d{2} ?[A-D]\b/g },
  { kind: 'bank-account', pattern: /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?\b/g, valid: passesIbanCheck },
  // "my password is …", "pwd: …", "密碼是 …": the word after is the secret.
  { kind: 'password', pattern: /(?:\b(?:password|passwd|passcode|pwd|pin)\b|密碼)\s*(?:is|was|=|:|：|是)?\s*["'“]?([^\s"'”]{3,})/giu, group: 1 },
  { kind: 'secret', pattern: /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z ]*PRIVATE KEY-----|$)/g },
  { kind: 'secret', pattern: /\b(?:sk|pk|rk)-(?:[A-Za-z0-9_-]{2,12}-)?[A-Za-z0-9]{20,}\b/g },
  { kind: 'secret', pattern: /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g },
  { kind: 'secret', pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{40,}|xox[abprs]-[A-Za-z0-9-]{10,}|glpat-[A-Za-z0-9_-]{20,})\b/g },
  { kind: 'secret', pattern: /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\b/g },
  { kind: 'secret', pattern: /(?:api[ _-]?key|secret|token|bearer)\s*(?:is|=|:|：)?\s*["']?([A-Za-z0-9_\-./+=]{16,})/gi, group: 1 },
  // A code of 4–8 digits said as one: "the code is 482913", "OTP: 1234", "驗證碼 123456".
  { kind: 'one-time-code', pattern: /(?:\b(?:(?:verification|security|login|sign-in|confirmation|one[- ]time|2fa|auth(?:entication)?)\s+code|otp|code\s*(?:is|:))\b|驗證碼|認證碼)\D{0,12}?(?<!\d)(\d{4,8})(?!\d)/giu, group: 1 },
];

/** Every span of `text` that is personal data, by the kit's rules and the host's, in text order. */
export function findPersonalData(text: string, hostPatterns: readonly HostPattern[] = []): PersonalDataFinding[] {
  const found: PersonalDataFinding[] = [];
  for (const rule of RULES) {
    for (const match of text.matchAll(rule.pattern)) {
      const datum = rule.group === undefined ? match[0] : match[rule.group];
      if (datum === undefined || (rule.valid && !rule.valid(datum))) continue;
      const start = match.index + (rule.group === undefined ? 0 : match[0].lastIndexOf(datum));
      found.push({ kind: rule.kind, start, end: start + datum.length });
    }
  }
  for (const host of hostPatterns) {
    const pattern = new RegExp(host.pattern.source, host.pattern.flags.includes('g') ? host.pattern.flags : `${host.pattern.flags}g`);
    for (const match of text.matchAll(pattern)) {
      if (match[0] === '') continue;
      found.push({ kind: 'host', pattern: host.name, start: match.index, end: match.index + match[0].length });
    }
  }
  return mergeOverlaps(found);
}

/** The text with each finding replaced by its kind in brackets ("[card-number]"), and the findings. */
export function redactPersonalData(text: string, hostPatterns: readonly HostPattern[] = []): { text: string; findings: PersonalDataFinding[] } {
  const findings = findPersonalData(text, hostPatterns);
  let out = '';
  let from = 0;
  for (const finding of findings) {
    out += `${text.slice(from, finding.start)}[${finding.kind === 'host' ? finding.pattern : finding.kind}]`;
    from = finding.end;
  }
  return { text: out + text.slice(from), findings };
}

/** Sorted by start; a span inside or across another is folded into the first. */
function mergeOverlaps(findings: PersonalDataFinding[]): PersonalDataFinding[] {
  const sorted = findings.sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: PersonalDataFinding[] = [];
  for (const finding of sorted) {
    const last = merged[merged.length - 1];
    if (last && finding.start < last.end) last.end = Math.max(last.end, finding.end);
    else merged.push({ ...finding });
  }
  return merged;
}
