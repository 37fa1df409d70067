import { requiredString } from './args.js';
import { defineAction, schema } from './define-action.js';
import { fail, isFailure, succeed } from './results.js';

/**
 * Opens a folded block of the page reading. The reading folds menus, footers, long code and what
 * its length budget leaves out into `⟪f3 folded: …⟫` lines; this returns one such block whole,
 * and its element ids work for the actions that follow.
 */
export const readText = defineAction<string>({
  name: 'read_text',
  description:
    'Read a folded block of the page in full. The page reading shows folded blocks as ⟪f3 folded: …⟫ lines (menus, footers, long text, the rest of a long page); pass the fold id (e.g. "f3"). The element ids in what it returns can be used right after.',
  parameters: schema.object({ id: schema.string('The fold id from a ⟪… folded⟫ line of the latest page reading, e.g. "f3".') }, ['id']),
  async run(args, ctx) {
    const id = requiredString(args, 'id', 'a fold id such as "f3" from the page reading');
    if (isFailure(id)) return id;
    if (!ctx.readText) {
      return fail('unknown', 'read_text is not available on this page (the host gives no way to open folded blocks). Work from the page reading as it is.');
    }
    const text = ctx.readText(id.trim());
    if (typeof text !== 'string') return text;
    return succeed(`Folded block ${id.trim()} in full; its element ids can be used now:`, text);
  },
});
