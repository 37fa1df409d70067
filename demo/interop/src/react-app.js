// <dddk-palette> in a React 19 app: the items and the controller go in as properties (React 19
// sets properties on custom elements whose class defines them), `dddk-submit` comes back through
// React 19's custom-element event prop, and `dddk-open` / `dddk-close` through a ref.
import { createElement as h, useEffect, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { createPageController, logEvent } from './interop-kit.js';
import { EXTRA_ITEMS, ORCHARD_ITEMS } from './orchard-items.js';

const controller = createPageController();

function App() {
  const palette = useRef(/** @type {HTMLElement & { open(): void } | null} */ (null));
  const [more, setMore] = useState(false);
  const items = more ? [...ORCHARD_ITEMS, ...EXTRA_ITEMS] : ORCHARD_ITEMS;

  useEffect(() => {
    const element = palette.current;
    if (!element) return undefined;
    const onOpen = () => logEvent('dddk-open');
    const onClose = () => logEvent('dddk-close');
    element.addEventListener('dddk-open', onOpen);
    element.addEventListener('dddk-close', onClose);
    return () => {
      element.removeEventListener('dddk-open', onOpen);
      element.removeEventListener('dddk-close', onClose);
    };
  }, []);

  return h(
    'div',
    { className: 'interop-demo' },
    h(
      'p',
      { className: 'interop-actions' },
      h('button', { type: 'button', onClick: () => palette.current?.open() }, 'Open the palette'),
      ' ',
      h('button', { type: 'button', 'aria-pressed': more, onClick: () => setMore(!more) }, more ? 'Fewer items' : 'Add more items'),
    ),
    h('dddk-palette', {
      ref: palette,
      controller,
      items,
      'ondddk-submit': (/** @type {CustomEvent<{ text: string }>} */ event) => logEvent(`dddk-submit: ${event.detail.text}`),
    }),
  );
}

const mount = document.getElementById('app');
if (mount) createRoot(mount).render(h(App));
