export { readSelectionText } from './read-selection.js';
export { describeElement } from './describe-element.js';
export { watchDisconnect } from './watch-disconnect.js';
export { pinnableElement } from './pinnable-element.js';
export { pickRectangle, AREA_PICKER_TAG, type PickRectangleOptions, type RectangleLike } from './pick-rectangle.js';
export { captureRectangle, type CaptureRectangleOptions } from './capture-rectangle.js';
export { captureArea } from './capture-area.js';
export { pickElement, ELEMENT_PICKER_TAG, type PickElementOptions } from './pick-element.js';
export { pickableElements, isKitElement, isPickable } from './pickable-elements.js';
