import { DddkOfflineNotice } from './offline-notice.component.js';

export { DddkOfflineNotice };

/** Registers `<dddk-offline-notice>` (or `tag`); does nothing when the tag is already defined. */
export function defineOfflineNotice(tag = 'dddk-offline-notice'): void {
  DddkOfflineNotice.define(tag);
}

declare global {
  interface HTMLElementTagNameMap {
    'dddk-offline-notice': DddkOfflineNotice;
  }
}
