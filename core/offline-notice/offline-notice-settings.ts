import type { DddkController } from '../controller/controller.types.js';
import { isDefaultControllerAutomatic, peekDefaultController } from '../controller/registry.js';
import { slotKey } from '../controller/slots.js';

/** What `createDddk` read from its config about the offline notice. */
export interface OfflineNoticeSettings {
  /** The agent runs on the offline guide and the notice is not turned off. */
  readonly show: boolean;
  readonly autoHideMs?: number;
}

/**
 * Filled by `createDddk` when it makes the controller. A small slot of its own, so that a view can
 * tell whether the notice may show before it loads the notice's code.
 */
export const OFFLINE_NOTICE_SETTINGS = slotKey<OfflineNoticeSettings>('offline notice settings');

/**
 * Whether `controller`'s notice is to be shown (it may still have been seen this session). Not for
 * the stand-in default an element makes while the page's own script has yet to set its controller:
 * that one would show the notice for a moment, and mark it seen, before the real controller (which
 * may well be online) takes over.
 */
export function offlineNoticeWanted(controller: DddkController): boolean {
  if (controller.destroyed || controller.slots.peek(OFFLINE_NOTICE_SETTINGS)?.show !== true) return false;
  return !(isDefaultControllerAutomatic() && peekDefaultController() === controller);
}
