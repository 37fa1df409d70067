import type { DefaultTreeAdapterTypes } from 'parse5';

type Element = DefaultTreeAdapterTypes.Element;
type ParentNode = DefaultTreeAdapterTypes.ParentNode;

// Attributes whose value a browser follows or fetches as a URL.
const URL_ATTRIBUTES = new Set([
  'href', 'src', 'action', 'formaction', 'xlink:href', 'poster', 'background', 'cite', 'data', 'codebase',
  'longdesc', 'manifest', 'ping', 'lowsrc', 'dynsrc', 'icon', 'profile', 'usemap', 'itemtype', 'archive',
]);
// SVG animation elements can set a link's target to any value, bypassing the URL checks above.
const SVG_ANIMATIONS = new Set(['animate', 'set', 'animatemotion', 'animatetransform']);
const URL_LIST_ATTRIBUTES = new Set(['srcset', 'imagesrcset']);
// Elements refused outright, with the reason a model can act on.
const REFUSED_ELEMENTS: ReadonlyMap<string, string> = new Map([
  ['script', 'scripts are not allowed in a region; describe behaviour in text instead'],
  ['base', '<base> would change how every link of the page resolves'],
  ['object', '<object> embeds active content; use <img> or a link instead'],
  ['embed', '<embed> embeds active content; use <img> or a link instead'],
  ['applet', '<applet> embeds active content'],
  ['select', '<select> content is parsed differently by different HTML parsers; use a list or radio buttons instead'],
  ['frame', '<frame> loads another document'],
  ['frameset', '<frameset> replaces the page'],
]);

/** One element or attribute the policy refuses, named so the model can find it. */
export interface PolicyViolation {
  readonly where: string;
  readonly what: string;
}

function describeElement(element: Element): string {
  const attrs = element.attrs
    .slice(0, 3)
    .map((attr) => ` ${attrName(attr)}="${attr.value.slice(0, 40)}"`)
    .join('');
  return `<${element.tagName}${attrs}>`;
}

function attrName(attr: DefaultTreeAdapterTypes.Element['attrs'][number]): string {
  return attr.prefix ? `${attr.prefix}:${attr.name}` : attr.name;
}

/** What a browser sees at the start of a URL: it strips control characters and whitespace first. */
function urlScheme(value: string): string {
  // eslint-disable-next-line no-control-regex
  const squeezed = value.replace(/[\u0000-\u0020\u007f-\u009f]/g, '').toLowerCase();
  const colon = squeezed.indexOf(':');
  return colon === -1 ? '' : squeezed.slice(0, colon);
}

function isActiveScheme(value: string): boolean {
  const scheme = urlScheme(value);
  return scheme === 'javascript' || scheme === 'data' || scheme === 'vbscript';
}

function elementViolations(element: Element): PolicyViolation[] {
  const found: PolicyViolation[] = [];
  const where = describeElement(element);
  const refused = REFUSED_ELEMENTS.get(element.tagName.toLowerCase());
  if (refused) found.push({ where, what: refused });
  const tag = element.tagName.toLowerCase();
  for (const attr of element.attrs) {
    const name = attrName(attr).toLowerCase();
    if (name.startsWith('on')) {
      found.push({ where, what: `the event handler attribute ${name} runs script; remove it` });
    } else if (URL_ATTRIBUTES.has(name) || URL_ATTRIBUTES.has(attr.name.toLowerCase())) {
      if (isActiveScheme(attr.value)) found.push({ where, what: `${name} uses a ${urlScheme(attr.value)}: URL; use an http(s) or relative URL` });
    } else if (URL_LIST_ATTRIBUTES.has(name)) {
      if (attr.value.split(',').some((candidate) => isActiveScheme(candidate.trim()))) {
        found.push({ where, what: `${name} holds a javascript: or data: URL; use http(s) or relative URLs` });
      }
    } else if (tag === 'meta' && name === 'http-equiv') {
      found.push({ where, what: '<meta http-equiv> can redirect or change the page\'s security policy; remove it' });
    } else if (SVG_ANIMATIONS.has(tag) && name === 'attributename' && /href$/i.test(attr.value.trim())) {
      found.push({ where, what: `<${tag}> animating ${attr.value.trim()} can turn a link into script; remove it` });
    } else if (tag === 'iframe' && name === 'srcdoc') {
      found.push({ where, what: '<iframe srcdoc> embeds a whole document; link to a page instead' });
    }
  }
  return found;
}

/**
 * Every element or attribute of a parsed fragment the region content policy refuses, in tree order.
 * An explicit stack rather than recursion: model content can nest elements thousands deep.
 */
export function policyViolations(root: ParentNode): PolicyViolation[] {
  const found: PolicyViolation[] = [];
  const pending: ParentNode[] = [root];
  while (pending.length > 0) {
    const node = pending.pop()!;
    if ('tagName' in node && node !== root) found.push(...elementViolations(node));
    const children = node.childNodes;
    // Pushed so that they come off in tree order, after the template content pushed last.
    for (let index = children.length - 1; index >= 0; index--) {
      const child = children[index]!;
      if ('tagName' in child) pending.push(child);
    }
    if ('tagName' in node && node.tagName === 'template' && 'content' in node) pending.push((node as DefaultTreeAdapterTypes.Template).content);
  }
  return found;
}
