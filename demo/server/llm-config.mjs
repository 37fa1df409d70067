// Reads the LLM endpoint the demo server proxies from its environment. The key and the URL's
// credentials stay on the server: only `publicLlmStatus` is ever shown to a browser.

/**
 * @typedef {object} LlmUpstreamConfig
 * @property {'openai' | 'anthropic'} kind  Which API the endpoint speaks (DDDK_LLM_KIND; default openai).
 * @property {URL} baseUrl  The OpenAI-compatible base URL, e.g. https://api.openai.com/v1.
 * @property {string} [apiKey]  Sent upstream as `Authorization: Bearer`.
 * @property {string} [model]  Injected into request bodies that name no model.
 */

/**
 * @param {Record<string, string | undefined>} env
 * @returns {LlmUpstreamConfig | undefined} undefined when DDDK_LLM_BASE_URL is unset or blank.
 */
export function readLlmConfig(env) {
  const rawBaseUrl = env.DDDK_LLM_BASE_URL?.trim();
  if (!rawBaseUrl) return undefined;
  let baseUrl;
  try {
    baseUrl = new URL(rawBaseUrl);
  } catch {
    throw new Error(
      'DDDK_LLM_BASE_URL is not a valid URL: set it to an OpenAI-compatible base URL such as https://api.openai.com/v1.',
    );
  }
  if (baseUrl.protocol !== 'http:' && baseUrl.protocol !== 'https:') {
    throw new Error(
      `DDDK_LLM_BASE_URL must use http: or https: (it uses ${baseUrl.protocol}); for example https://api.openai.com/v1.`,
    );
  }
  const kind = env.DDDK_LLM_KIND?.trim() || 'openai';
  if (kind !== 'openai' && kind !== 'anthropic') {
    throw new Error(`DDDK_LLM_KIND must be "openai" (any OpenAI-compatible server) or "anthropic"; got "${kind}".`);
  }
  return {
    kind,
    baseUrl,
    apiKey: env.DDDK_LLM_API_KEY?.trim() || undefined,
    model: env.DDDK_LLM_MODEL?.trim() || undefined,
  };
}

/**
 * What the browser may know: whether an endpoint exists and the default model. Never the URL or the key.
 * @param {LlmUpstreamConfig | undefined} config
 * @returns {{ configured: boolean, model?: string }}
 */
export function publicLlmStatus(config) {
  if (!config) return { configured: false };
  return config.model ? { configured: true, model: config.model } : { configured: true };
}

/**
 * The endpoint for the server's own console: origin and path, without credentials or query (which can carry keys).
 * @param {LlmUpstreamConfig} config
 */
export function describeLlmUpstream(config) {
  const { origin, pathname } = config.baseUrl;
  return `${origin}${pathname.replace(/\/+$/, '')}`;
}
