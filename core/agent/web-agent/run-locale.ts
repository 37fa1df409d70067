/**
 * The language the kit speaks in during a run: the visitor's, when their request is written in a
 * script the page's locale does not use and the kit has that language (a Chinese request on an
 * English site); otherwise the page's. The answer and the lines around it (Stop, Done) then agree.
 */
const HAN = /\p{Script=Han}/u;
const LATIN = /\p{Script=Latin}/u;

export function runLocale(request: string, pageLocale: string): string {
  const chinese = pageLocale.toLowerCase().startsWith('zh');
  if (HAN.test(request) && !chinese) return 'zh-TW';
  if (chinese && LATIN.test(request) && !HAN.test(request)) return 'en';
  return pageLocale;
}
