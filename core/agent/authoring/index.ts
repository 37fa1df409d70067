export { createAuthoringSession } from './authoring-session.js';
export { tapToolArguments } from './delta-tap.js';
export { REPLACE_PART_TOOL } from './replace-part-tool.js';
export { partialContent } from './proposal-text.js';
export type {
  AcceptResult,
  AuthoringOptions,
  AuthoringPhase,
  AuthoringSession,
  AuthoringState,
  ProposalDelta,
  ProposalResult,
  ProposeOptions,
} from './types.js';
