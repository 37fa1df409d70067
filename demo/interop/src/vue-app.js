// <dddk-palette> in a Vue 3 template: `:controller.prop` and `:items` bind properties, and
// `@dddk-open`, `@dddk-close`, `@dddk-submit` listen to the palette's events. The template is
// compiled in the browser (the full build of vue), as in a page without a build step.
import { createApp, computed, ref } from 'vue/dist/vue.esm-bundler.js';
import { createPageController, logEvent } from './interop-kit.js';
import { EXTRA_ITEMS, ORCHARD_ITEMS } from './orchard-items.js';

const controller = createPageController();

const app = createApp({
  setup() {
    const more = ref(false);
    const items = computed(() => (more.value ? [...ORCHARD_ITEMS, ...EXTRA_ITEMS] : ORCHARD_ITEMS));
    const palette = ref(/** @type {HTMLElement & { open(): void } | null} */ (null));
    return {
      controller,
      items,
      more,
      palette,
      openPalette: () => palette.value?.open(),
      onOpen: () => logEvent('dddk-open'),
      onClose: () => logEvent('dddk-close'),
      onSubmit: (/** @type {CustomEvent<{ text: string }>} */ event) => logEvent(`dddk-submit: ${event.detail.text}`),
    };
  },
  template: `
    <div class="interop-demo">
      <p class="interop-actions">
        <button type="button" @click="openPalette">Open the palette</button>
        <button type="button" :aria-pressed="more" @click="more = !more">{{ more ? 'Fewer items' : 'Add more items' }}</button>
      </p>
      <dddk-palette
        ref="palette"
        :controller.prop="controller"
        :items="items"
        @dddk-open="onOpen"
        @dddk-close="onClose"
        @dddk-submit="onSubmit"
      ></dddk-palette>
    </div>`,
});
// The kit's tags are custom elements, not Vue components.
app.config.compilerOptions.isCustomElement = (tag) => tag.startsWith('dddk-');
app.mount('#app');
