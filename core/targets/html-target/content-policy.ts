import type { DefaultTreeAdapterTypes } from 'parse5';
import { activeScheme, activeSchemeInList } from './url-schemes.js';

type Element = DefaultTreeAdapterTypes.Element;
type ParentNode = DefaultTreeAdapterTypes.ParentNode;
type Attribute = Element['attrs'][number];

// Attributes whose value a browser follows or fetches as one URL.
const URL_ATTRIBUTES = new Set([
  'href', 'src', 'xlink:href', 'poster', 'background', 'cite', 'data', 'codebase', 'classid', 'longdesc', 'manifest',
  'lowsrc', 'dynsrc', 'icon', 'profile', 'usemap', 'itemtype', 'xml:base', 'attributionsrc',
]);
// Attributes holding several URLs: comma-separated candidates (srcset) or space-separated lists (ping, archive).
const URL_LIST_ATTRIBUTES = new Set(['srcset', 'imagesrcset', 'ping', 'archive']);
// SVG animation can set any attribute of any element (a link's href, a handler) after the page is checked.
const SVG_ANIMATIONS = new Set(['animate', 'animatecolor', 'animatemotion', 'animatetransform', 'set', 'discard']);
const PAGE_PART = 'belongs to the page, not to a region: a browser opening the stored page copies its attributes onto the page\'s own';
// Elements refused outright, with the reason a model can act on. Keys are lowercase tag names.
const REFUSED_ELEMENTS: ReadonlyMap<string, string> = new Map([
  ['script', 'scripts are not allowed in a region; describe behaviour in text instead'],
  ['html', `<html> ${PAGE_PART} <html>; remove the tag`],
  ['head', `<head> ${PAGE_PART} <head>; remove the tag`],
  ['body', `<body> ${PAGE_PART} <body> (an onload there runs script); remove the tag`],
  ['frameset', '<frameset> replaces the page'],
  ['frame', '<frame> loads another document'],
  ['iframe', '<iframe> loads another document, which can run script; link to the page instead'],
  ['portal', '<portal> loads another document; link to the page instead'],
  ['base', '<base> would change how every link of the page resolves'],
  ['meta', '<meta> can redirect the page or change its security policy; remove it'],
  ['link', '<link> loads stylesheets or other resources for the whole page; remove it'],
  ['object', '<object> embeds active content; use <img> or a link instead'],
  ['embed', '<embed> embeds active content; use <img> or a link instead'],
  ['applet', '<applet> embeds active content'],
  ['form', '<form> can send what visitors type to another address; use a link to the site\'s own form instead'],
  ['style', '<style> restyles the whole page, not only the region, and the live page removes it; use the site\'s classes'],
  ['select', '<select> content is parsed differently by different HTML parsers; use a list or radio buttons instead'],
]);
// Attributes refused on any element, whatever their value. Keys are lowercase names.
const REFUSED_ATTRIBUTES: ReadonlyMap<string, string> = new Map([
  ['style', 'the style attribute can restyle or cover the page outside the region, and the live page removes it; use the site\'s classes'],
  ['action', 'the action attribute sends a form to another address; remove it'],
  ['formaction', 'the formaction attribute sends a form to another address; remove it'],
  ['form', 'the form attribute attaches this control to a form elsewhere in the page; remove it'],
  ['srcdoc', 'the srcdoc attribute embeds a whole document; link to a page instead'],
]);

/** One element or attribute the policy refuses, named so the model can find it. */
export interface PolicyViolation {
  readonly where: string;
  readonly what: string;
}

function attrName(attr: Attribute): string {
  return attr.prefix ? `${attr.prefix}:${attr.name}` : attr.name;
}

/** A tag as the model wrote it, with its first attributes, cut short. */
export function describeTag(tagName: string, attrs: readonly Attribute[]): string {
  const shown = attrs
    .slice(0, 3)
    .map((attr) => ` ${attrName(attr)}="${attr.value.slice(0, 40)}"`)
    .join('');
  return `<${tagName}${shown}>`;
}

function animationReason(tag: string, attrs: readonly Attribute[]): string {
  const animated = attrs.find((attr) => attr.name.toLowerCase() === 'attributename')?.value.trim();
  const what = animated ? ` (animating ${animated})` : '';
  return `SVG animation such as <${tag}>${what} can rewrite links and handlers after the page is checked, and the live page removes it; draw a static picture instead`;
}

function attributeViolation(name: string, attr: Attribute): string | undefined {
  const refused = REFUSED_ATTRIBUTES.get(name);
  if (refused) return refused;
  if (name.startsWith('on') || attr.name.toLowerCase().startsWith('on')) return `the event handler attribute ${name} runs script; remove it`;
  if (URL_ATTRIBUTES.has(name) || URL_ATTRIBUTES.has(attr.name.toLowerCase())) {
    const scheme = activeScheme(attr.value);
    return scheme === undefined ? undefined : `${name} uses a ${scheme}: URL; use an http(s) or relative URL`;
  }
  if (URL_LIST_ATTRIBUTES.has(name)) {
    const scheme = activeSchemeInList(attr.value);
    return scheme === undefined ? undefined : `${name} holds a ${scheme}: URL; use http(s) or relative URLs`;
  }
  return undefined;
}

/**
 * What the policy refuses in one start tag: the element itself, and each of its attributes. Read
 * for the elements of a parsed tree and for tags the tree does not keep (a <body> inside a region).
 */
export function tagViolations(tagName: string, attrs: readonly Attribute[]): PolicyViolation[] {
  const found: PolicyViolation[] = [];
  const where = describeTag(tagName, attrs);
  const tag = tagName.toLowerCase();
  const refused = REFUSED_ELEMENTS.get(tag) ?? (SVG_ANIMATIONS.has(tag) ? animationReason(tagName, attrs) : undefined);
  if (refused) found.push({ where, what: refused });
  for (const attr of attrs) {
    const what = attributeViolation(attrName(attr).toLowerCase(), attr);
    if (what) found.push({ where, what });
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
    if ('tagName' in node && node !== root) found.push(...tagViolations(node.tagName, node.attrs));
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
