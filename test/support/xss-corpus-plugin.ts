import { jsonCorpusPlugin, type CorpusPlugin } from './json-corpus-plugin.js';
import { xssPayloads } from './xss-corpus.js';

export const XSS_CORPUS_PATH = '/__corpus/xss.json';

/** Serves the whole XSS corpus to test pages as a JSON array of strings at `/__corpus/xss.json`. */
export function xssCorpusPlugin(): CorpusPlugin {
  return jsonCorpusPlugin('dddk-xss-corpus', XSS_CORPUS_PATH, xssPayloads);
}
