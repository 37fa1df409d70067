// The light/dark toggle. The theme lives in `data-dddk-theme` on <html>, which both the site's
// styles and the kit's theme read; the choice is remembered across visits when storage allows.
const STORAGE_KEY = 'orchard-theme';

/** @returns {'light' | 'dark'} */
export function currentTheme() {
  return document.documentElement.getAttribute('data-dddk-theme') === 'dark' ? 'dark' : 'light';
}

/** @param {'light' | 'dark'} theme */
export function applyTheme(theme) {
  document.documentElement.setAttribute('data-dddk-theme', theme);
  try {
    localStorage.setItem(STORAGE_KEY, theme);
  } catch {
    // Private mode or disabled storage: the theme still applies for this visit.
  }
}

/**
 * A toggle button whose `aria-pressed` says whether dark is on. It follows the attribute on <html>
 * rather than its own clicks, so it stays true whichever way the theme changes (the palette's item,
 * its shortcut, the agent, another script).
 * @param {HTMLButtonElement} button
 */
export function connectThemeToggle(button) {
  const sync = () => button.setAttribute('aria-pressed', String(currentTheme() === 'dark'));
  sync();
  new MutationObserver(sync).observe(document.documentElement, { attributes: true, attributeFilter: ['data-dddk-theme'] });
  button.addEventListener('click', () => applyTheme(currentTheme() === 'dark' ? 'light' : 'dark'));
}
