import { html5libInputs } from './html5lib-corpus.js';
import { jsonCorpusPlugin, type CorpusPlugin } from './json-corpus-plugin.js';

export const HTML5LIB_CORPUS_PATH = '/__corpus/html5lib.json';

/** Serves the `#data` inputs of the html5lib tree-construction corpus to test pages as a JSON array of strings. */
export function html5libCorpusPlugin(): CorpusPlugin {
  return jsonCorpusPlugin('dddk-html5lib-corpus', HTML5LIB_CORPUS_PATH, html5libInputs);
}
