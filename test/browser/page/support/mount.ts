// Puts a piece of HTML on the test page, in a container the reader can be scoped to.
const mounted: HTMLElement[] = [];

export function mount(html: string, style = ''): HTMLElement {
  const container = document.createElement('div');
  container.setAttribute('style', `background: #fff; color: #111; ${style}`);
  container.innerHTML = html;
  document.body.append(container);
  mounted.push(container);
  return container;
}

export function unmountAll(): void {
  for (const container of mounted.splice(0)) container.remove();
}

/** Loads a saved page into a same-origin iframe that may neither run scripts nor fetch anything. */
export async function mountFrame(html: string, width = 1280, height = 900): Promise<HTMLIFrameElement> {
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  // Scripts would not run in the sandbox anyway; links and refreshes could reach the network,
  // which the content security policy below does not stop for prefetches and navigations.
  for (const element of parsed.querySelectorAll('script, link, meta[http-equiv]')) element.remove();
  const policy = parsed.createElement('meta');
  policy.setAttribute('http-equiv', 'Content-Security-Policy');
  policy.setAttribute('content', "default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:");
  parsed.head.prepend(policy);
  const frame = document.createElement('iframe');
  frame.setAttribute('sandbox', 'allow-same-origin');
  frame.style.cssText = `width: ${width}px; height: ${height}px; border: 0`;
  const loaded = new Promise<void>((resolve) => frame.addEventListener('load', () => resolve(), { once: true }));
  frame.srcdoc = `<!doctype html>${parsed.documentElement.outerHTML}`;
  const container = document.createElement('div');
  container.append(frame);
  document.body.append(container);
  mounted.push(container);
  await loaded;
  return frame;
}
