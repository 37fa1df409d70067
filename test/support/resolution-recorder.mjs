// A module resolve hook that reports every resolved URL to the main thread, so a test can see
// which files an import graph really reached (static and dynamic imports alike).
let port;

export function initialize(data) {
  port = data.port;
}

export async function resolve(specifier, context, nextResolve) {
  const result = await nextResolve(specifier, context);
  port.postMessage({ specifier, parent: context.parentURL ?? null, url: result.url });
  return result;
}
