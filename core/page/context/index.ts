export {
  CONTEXT_ROLES,
  ContextProviderRegistry,
  type ContextProvider,
  type ContextProviderHandle,
  type ContextRequest,
  type ContextRole,
} from './context-providers.js';
export {
  defaultContextProviders,
  domContextProvider,
  getDefaultContextProvider,
  historyContextProvider,
  pageSummaryContextProvider,
  screenshotContextProvider,
  selectionContextProvider,
  urlContextProvider,
} from './default-providers.js';
export { NavigationTrail, navigationTrail, recordNavigation } from './navigation-trail.js';
