// The demo site's own script (not part of the kit): page routing, the theme toggle, the contact
// form, and the connection to the dddk drop-in. The site keeps working if the kit fails to load.
import { connectContactForms } from './site/contact-form.js';
import { connectCopilot, showConnectionFailed, showKitUnavailable } from './site/copilot.js';
import { fetchPagePartial, startRouter } from './site/router.js';
import { connectThemeToggle } from './site/theme.js';

const outlet = document.getElementById('main');
if (outlet) startRouter({ outlet, loadPage: fetchPagePartial });
const themeToggle = document.getElementById('theme-toggle');
if (themeToggle instanceof HTMLButtonElement) connectThemeToggle(themeToggle);
connectContactForms();

let kit;
try {
  const { getDefaultController, setDefaultController, createDddk, openAICompatible } = await import('/dddk/dddk.min.js');
  kit = { getDefaultController, setDefaultController, createDddk, openAICompatible };
} catch (error) {
  showKitUnavailable(error);
}
if (kit) {
  try {
    await connectCopilot(kit);
  } catch (error) {
    console.error('dddk demo: connecting the page to the kit failed.', error);
    showConnectionFailed(error);
  }
}
