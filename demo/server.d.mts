import type { Server } from 'node:http';

export interface DemoServerOptions {
  /** Port to listen on; 0 picks a free one. Defaults to `env.PORT`, then 8080. */
  port?: number;
  /** Interface to bind; defaults to `env.DDDK_DEMO_HOST`, then `localhost`. */
  host?: string;
  /** Where DDDK_LLM_BASE_URL, DDDK_LLM_API_KEY, DDDK_LLM_MODEL and PORT are read; defaults to `process.env`. */
  env?: Record<string, string | undefined>;
  /** The built kit, served under `/dddk/`; defaults to the repository's `dist/`. */
  distDir?: string;
  /** The site root; defaults to `demo/`. */
  siteDir?: string;
  /** Largest accepted body for `/api/llm/` requests (413 beyond); defaults to 4 MiB. */
  maxRequestBodyBytes?: number;
  /** Folder of editable pages for `/api/pages/:id`; defaults to `env.DDDK_DEMO_CONTENT_DIR`, then `demo/content`. */
  contentDir?: string;
}

export interface DemoServer {
  server: Server;
  port: number;
  /** The address actually bound, e.g. `127.0.0.1` or `::1`. */
  address: string;
  /** e.g. `http://localhost:8080/`. */
  url: string;
  /** What `/api/health` reports about the LLM endpoint. */
  llm: { configured: boolean; model?: string };
  /** The upstream's origin and path for the console (no credentials, no query); undefined when offline. */
  llmUpstream: string | undefined;
  /** Whether `dist/dddk.min.js` existed at start. */
  kitBuilt: boolean;
  close(): Promise<void>;
}

export function startDemoServer(options?: DemoServerOptions): Promise<DemoServer>;
