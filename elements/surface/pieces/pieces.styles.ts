import type { CSSResult } from 'lit';
import { layoutPieceStyles } from './layout-pieces.styles.js';
import { contentPieceStyles } from './content-pieces.styles.js';
import { dataPieceStyles } from './data-pieces.styles.js';
import { inputPieceStyles } from './input-pieces.styles.js';
import { actionPieceStyles } from './action-pieces.styles.js';
import { tabsPieceStyles } from './tabs-piece.styles.js';
import { feedbackPieceStyles } from './feedback-pieces.styles.js';
import { pieceStateStyles } from './piece-states.styles.js';

// Loaded with the piece renderers. Each value reads a --dddk-* token; the fallbacks are system
// colours, which follow the host's color-scheme, so pieces read well without theme.css too.
// In this order: a later sheet's rules win over an earlier one's of the same specificity.
export const pieceStyles: readonly CSSResult[] = [
  layoutPieceStyles,
  contentPieceStyles,
  dataPieceStyles,
  inputPieceStyles,
  actionPieceStyles,
  tabsPieceStyles,
  feedbackPieceStyles,
  pieceStateStyles,
];
