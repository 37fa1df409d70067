import type { CSSResult } from 'lit';
import { subtitleBarStyles } from './subtitle-bar.styles.js';
import { subtitlePromptStyles } from './subtitle-prompt.styles.js';
import { subtitleIndicatorStyles } from './subtitle-indicator.styles.js';
import { subtitleFooterStyles } from './subtitle-footer.styles.js';
import { subtitleMotionStyles } from './subtitle-motion.styles.js';

// Every value reads a global --dddk-* token with a fallback, so the bar looks right without theme.css.
// In this order: a later sheet's rules win over an earlier one's of the same specificity.
export const subtitleStyles: readonly CSSResult[] = [subtitleBarStyles, subtitlePromptStyles, subtitleIndicatorStyles, subtitleFooterStyles, subtitleMotionStyles];
