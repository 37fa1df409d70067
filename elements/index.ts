export { DddkElement, type DddkElementEventName, type EmptyDetail } from './internal/dddk-element.js';
export { ModelBinding, type ControllerConsumer, type ModelBindingOptions, type Subscribable } from './internal/model-binding.js';
export { DddkSubtitle, defineSubtitle } from './subtitle/subtitle.js';
export { DddkPalette, definePalette } from './palette/palette.js';
export { defineElements } from './define-elements.js';
export type * from './events/index.js';
