import { lazyModule } from '../../core/util/lazy-module.js';

// The editor's working parts (its view, parse5, the loop, the diff) stay out of the first paint:
// they are fetched when a page first shows an editor.
export const regionEditorUi = lazyModule('the region editor', () => import('./region-editor-ui.js'));
