import type { LoopTool } from '../../loop/types.js';
import type { EditRequest, PartId } from '../../targets/edit-target.js';

export const REPLACE_PART_TOOL = 'replace_part';

/** The only tool of a proposal: its `id` is an enum of the offered parts, so the schema check refuses any other. */
export function replacePartTool(ids: readonly PartId[], run: LoopTool<EditRequest>['run']): LoopTool<EditRequest> {
  return {
    name: REPLACE_PART_TOOL,
    description:
      'Propose the full new content of one part. The proposal is checked and shown to the user; it is written only if the user accepts it.',
    parameters: {
      type: 'object',
      properties: {
        id: { type: 'string', enum: [...ids], description: 'The id of the part, exactly as listed.' },
        content: { type: 'string', description: 'The complete new content of the part, not a diff.' },
      },
      required: ['id', 'content'],
      additionalProperties: false,
    },
    requireConfirmation: false,
    run,
  };
}
