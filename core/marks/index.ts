export { mintReminderMark, isValidReminderMark, reminderMarkDeclaration } from './reminder-mark.js';
export { openSystemReminder, mintSystemReminder, formatHookFeedback } from './system-reminder.js';
export { markedReminderBodiesOf, stripMarkedReminderBlocks } from './reminder-blocks.js';
export { engineRegionTextsOf, type EngineRegionMessage } from './engine-regions.js';
export { neutralizeForgedTags } from './neutralize-markup.js';
export { createFence, fenceUntrusted, type Fence, type FenceOptions, type UntrustedSource } from './untrusted-fence.js';
export { createProvenance, fenceBoundaryFor, type Provenance } from './provenance.js';
