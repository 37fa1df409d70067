// The demo site's own script (not part of the kit): page routing, the theme toggle, the contact
// form, and the connection to the dddk drop-in (the agent, the palette and the subtitle bar). The site keeps working if the kit fails to load.
import { connectContactForms } from './site/contact-form.js';
import { connectCopilot, showConnectionFailed, showKitUnavailable } from './site/copilot.js';
import { fetchPagePartial, startRouter } from './site/router.js';
import { connectThemeToggle } from './site/theme.js';

const outlet = document.getElementById('main');
const router = outlet ? startRouter({ outlet, loadPage: fetchPagePartial }) : undefined;
const themeToggle = document.getElementById('theme-toggle');
if (themeToggle instanceof HTMLButtonElement) connectThemeToggle(themeToggle);
connectContactForms();

let kit;
try {
  const { setDefaultController, createDddk, openAICompatible, controllerPalette, paletteQuestions, loadServerClient } = await import('/dddk/dddk.min.js');
  const { createServerSession, createHttpDocumentStore } = await loadServerClient();
  kit = { setDefaultController, createDddk, openAICompatible, controllerPalette, paletteQuestions, createServerSession, createHttpDocumentStore };
} catch (error) {
  showKitUnavailable(error);
}
if (kit) {
  try {
    // The agent moves around the site the way a click on a link would.
    await connectCopilot(kit, router ? { navigate: (path) => router.go(path) } : {});
  } catch (error) {
    console.error('dddk demo: connecting the page to the kit failed.', error);
    showConnectionFailed(error);
  }
}
