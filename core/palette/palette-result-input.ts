import { describeValue } from '../util/describe-value.js';
import type { PaletteResult, PaletteResultInput } from './palette-item.types.js';

/** Checks what a host passed to `showResult()` and says what the palette will show for it. */
export function normaliseResult(input: PaletteResultInput): PaletteResult {
  const where = 'palette.showResult(result)';
  if (typeof input === 'string') return { kind: 'text', text: input };
  if (typeof input !== 'object' || input === null) throw new TypeError(`${where}: result must be a string or an object, got ${describeValue(input)}`);
  const title = (input as { title?: unknown }).title;
  if (title !== undefined && typeof title !== 'string') throw new TypeError(`${where}: result.title must be a string, got ${describeValue(title)}`);
  const titled = title === undefined ? {} : { title };
  const text = (field: string, value: unknown): string => {
    if (typeof value !== 'string') throw new TypeError(`${where}: result.${field} must be a string, got ${describeValue(value)}`);
    return value;
  };
  if ('text' in input) return { kind: 'text', text: text('text', input.text), ...titled };
  if ('markdown' in input) return { kind: 'markdown', text: text('markdown', input.markdown), ...titled };
  if ('html' in input) return { kind: 'html', html: text('html', input.html), ...titled };
  if ('surface' in input) {
    if (typeof input.surface !== 'object' || input.surface === null) throw new TypeError(`${where}: result.surface must be a surface ({ root }), got ${describeValue(input.surface)}`);
    return { kind: 'surface', surface: input.surface, ...titled };
  }
  if ('node' in input) {
    if (typeof input.node !== 'object' || input.node === null) throw new TypeError(`${where}: result.node must be a DOM node, got ${describeValue(input.node)}`);
    return { kind: 'node', node: input.node, ...titled };
  }
  if ('mount' in input) {
    if (typeof input.mount !== 'object' || input.mount === null) throw new TypeError(`${where}: result.mount must be an element, got ${describeValue(input.mount)}`);
    const stream = input.stream;
    if (stream !== undefined && typeof stream !== 'function') throw new TypeError(`${where}: result.stream must be a function (mount, signal) => void | Promise<void>, got ${describeValue(stream)}`);
    return { kind: 'mount', mount: input.mount, streaming: stream !== undefined, ...titled };
  }
  if ('stream' in input) {
    const stream = input.stream as unknown;
    if (typeof (stream as { [Symbol.asyncIterator]?: unknown } | null)?.[Symbol.asyncIterator] !== 'function') {
      throw new TypeError(`${where}: result.stream must be an async iterable of text chunks, got ${describeValue(stream)}`);
    }
    return { kind: 'stream', text: '', streaming: true, ...titled };
  }
  throw new TypeError(`${where}: result must have one of text, markdown, html, node, stream, mount or surface`);
}
