import type { DddkController } from '../../core/controller/create-dddk.js';
import { browserPorts, type InsertTarget } from '../../core/page/palette-ports.js';
import type { PaletteCategory, PaletteItem } from '../../core/palette/palette-item.types.js';
import type { PaletteModel } from '../../core/palette/palette.types.js';

/** What one `<dddk-palette>` adds to the model it renders. */
export interface PaletteContribution {
  items: readonly PaletteItem[] | undefined;
  categories: readonly PaletteCategory[] | undefined;
}

/**
 * Connects one element's browser ports, items and categories to the model it renders (and only that
 * one): a new model takes them over, and the old one gets its items back out.
 */
export class PaletteAttachment {
  private model: PaletteModel | undefined;
  private detachPorts: (() => void) | undefined;
  private registeredItems: readonly PaletteItem[] | undefined;
  private removeItems: (() => void) | undefined;
  private appliedCategories: readonly PaletteCategory[] | undefined;

  constructor(private readonly insertTarget: () => InsertTarget | undefined) {}

  sync(model: PaletteModel | undefined, contribution: PaletteContribution, controller: DddkController | undefined): void {
    if (model !== this.model) {
      this.detachPorts?.();
      this.removeItems?.();
      this.detachPorts = this.removeItems = undefined;
      this.registeredItems = this.appliedCategories = undefined;
      this.model = model;
      if (model) this.detachPorts = model.connectPorts(browserPorts(this.insertTarget), { fallback: true });
    }
    if (!model) return;
    const { items, categories } = contribution;
    if (items !== this.registeredItems) {
      this.removeItems?.();
      this.removeItems = undefined;
      this.registeredItems = items;
      try {
        if (items) this.removeItems = model.addItems(items);
      } catch (error) {
        reportRefused(controller, 'items', error);
      }
    }
    if (categories !== this.appliedCategories) {
      this.appliedCategories = categories;
      try {
        model.setCategories(categories ?? []);
      } catch (error) {
        reportRefused(controller, 'categories', error);
      }
    }
  }
}

/** A property cannot throw at its setter, so a refused value is reported on the controller's `error` event and the console. */
function reportRefused(controller: DddkController | undefined, property: 'items' | 'categories', error: unknown): void {
  console.error(`dddk: <dddk-palette>.${property} was refused: ${error instanceof Error ? error.message : String(error)}`);
  controller?.emit('error', { error, source: `palette-${property}` });
}
