export type {
  ActionFailureCode,
  ActionResult,
  ActionSuccess,
  ActionFailure,
  ActionContext,
  ActionDefinition,
  NavigationRecord,
  TargetResolver,
  RouterBridge,
  ConfirmRequest,
  EscalationRequest,
  CursorGuide,
  JsonSchema,
} from './types.js';
export {
  createPageActions,
  builtinActionNames,
  ACTION_BUNDLES,
  type ActionBundle,
  type ActionOverride,
  type PageActionsOptions,
} from './registry.js';
export { succeed, fail, isFailure } from './results.js';
export { narrate } from './narrate.js';
export { navigate, sameOriginDestination } from './navigate.js';
export { click, doubleClick, longPress, hover } from './pointer-actions.js';
export { border, highlight, spotlight } from './overlay-actions.js';
export { scrollTo } from './scroll-to.js';
export { readText } from './read-text.js';
export { fillInput, clearInput } from './fill-input.js';
export { selectOption } from './select-option.js';
export { pressKey, holdKey, type KeyPressData } from './keys.js';
export { parseKeyCombo, type KeyCombo, type Modifier } from './key-combo.js';
export { drag, type DragData } from './drag.js';
export { wait, waitUntil, waitForCondition, MAX_WAIT_MS, MAX_WAIT_UNTIL_MS } from './wait.js';
export { pause, askUser, askUserChoice } from './ask-user.js';
export { trackIntent, escalateToHuman } from './host-handlers.js';
export { validateForm, type FormValidity } from './validate-form.js';
export { invalidFields, type InvalidField } from './invalid-fields.js';
export { detectLoginWall, detectLoginWallAction, type LoginWallReport, type LoginWallConfidence } from './detect-login-wall.js';
export { describeElement, accessibleLabel } from './describe-element.js';
