/** The size of an element's box; offset sizes where they exist, as they cost less than a rect. */
export interface Box {
  width: number;
  height: number;
}

export function boxOf(element: Element): Box {
  const html = element as HTMLElement;
  if (html.offsetWidth !== undefined) return { width: html.offsetWidth, height: html.offsetHeight };
  return element.getBoundingClientRect();
}
