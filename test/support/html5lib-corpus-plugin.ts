import { html5libInputs } from './html5lib-corpus.js';
import type { XssCorpusPlugin } from './xss-corpus-plugin.js';

export const HTML5LIB_CORPUS_PATH = '/__corpus/html5lib.json';

/** Serves the `#data` inputs of the html5lib tree-construction corpus to test pages as a JSON array of strings. */
export function html5libCorpusPlugin(): XssCorpusPlugin {
  let body: string | undefined;
  return {
    name: 'dddk-html5lib-corpus',
    serve(context) {
      if (context.path !== HTML5LIB_CORPUS_PATH) return undefined;
      body ??= JSON.stringify(html5libInputs());
      return { body, type: 'json' };
    },
  };
}
