import { xssPayloads } from './xss-corpus.js';

/** The slice of a @web/dev-server plugin this one uses. */
export interface XssCorpusPlugin {
  name: string;
  serve(context: { path: string }): { body: string; type: string } | undefined;
}

export const XSS_CORPUS_PATH = '/__corpus/xss.json';

/** Serves the whole XSS corpus to test pages as a JSON array of strings at `/__corpus/xss.json`. */
export function xssCorpusPlugin(): XssCorpusPlugin {
  let body: string | undefined;
  return {
    name: 'dddk-xss-corpus',
    serve(context) {
      if (context.path !== XSS_CORPUS_PATH) return undefined;
      body ??= JSON.stringify(xssPayloads());
      return { body, type: 'json' };
    },
  };
}
