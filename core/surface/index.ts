export {
  parsePointer,
  formatPointer,
  escapePointerToken,
  isPointer,
  getAtPointer,
  setAtPointer,
  JsonPointerError,
} from './json-pointer.js';
export { validateSchema, type JsonSchema as PiecePropSchema, type JsonSchemaType as PiecePropType, type SchemaIssue } from './json-schema.js';
export { checkUrl, type UrlKind } from './url-policy.js';
export type { PieceDefinition, PieceCategory, ChildrenRule } from './piece-definition.js';
export { builtinPieces } from './builtin-pieces.js';
export { createPieceCatalog, builtinCatalog, catalogSchema, bindingSchema, type PieceCatalog } from './piece-catalog.js';
export {
  validateSurface,
  formatIssue,
  SurfaceValidationError,
  type ValidateSurfaceOptions,
  type SurfaceValidation,
} from './validate-surface.js';
export {
  isBinding,
  type Binding,
  type PieceNode,
  type PieceSurface,
  type SurfaceAction,
  type SurfaceActionType,
  type SurfaceIssue,
} from './surface.types.js';
export {
  createSurfaceModel,
  type SurfaceModel,
  type SurfaceState,
  type SurfaceModelOptions,
  type SurfaceData,
  type SurfaceResult,
  type SurfaceActionEvent,
  type SurfaceDataListener,
  type SurfaceActionListener,
  type InputOutcome,
  type ResolvedNode,
} from './surface-model.js';
export {
  createPinnedPanelRegistry,
  PANEL_CORNERS,
  type PanelCorner,
  type PinnedPanel,
  type PinnedPanelSpec,
  type PinnedPanelPatch,
  type PinnedPanelState,
  type PinnedPanelEvent,
  type PinnedPanelRegistry,
  type PinnedPanelRegistryState,
} from './pinned-panels.js';
export { createPlacements, PLACEMENT_SLOTS, type Placement, type PlacementSlot, type Placements, type PlacementsState } from './placements.js';
export {
  controllerPlacements,
  peekControllerPanels,
  watchControllerPanels,
  type PlacedSurface,
} from './controller-surfaces.js';
export { controllerPanels } from './controller-panels.js';
export { presentPlacementSlot, placementSlotPresenters } from './placement-presenters.js';
export { surfaceStrings, type SurfaceStrings } from './surface.strings.js';
