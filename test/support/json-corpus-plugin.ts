/** The slice of a @web/dev-server plugin the corpus plugins use. */
export interface CorpusPlugin {
  name: string;
  serve(context: { path: string }): { body: string; type: string } | undefined;
}

/** Serves `load()` to test pages as JSON at `path`, read once on the first request. */
export function jsonCorpusPlugin(name: string, path: string, load: () => unknown): CorpusPlugin {
  let body: string | undefined;
  return {
    name,
    serve(context) {
      if (context.path !== path) return undefined;
      body ??= JSON.stringify(load());
      return { body, type: 'json' };
    },
  };
}
