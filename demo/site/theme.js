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

/** @param {HTMLButtonElement} button  A toggle button; `aria-pressed` says whether dark is on. */
export function connectThemeToggle(button) {
  const sync = () => button.setAttribute('aria-pressed', String(currentTheme() === 'dark'));
  sync();
  button.addEventListener('click', () => {
    applyTheme(currentTheme() === 'dark' ? 'light' : 'dark');
    sync();
  });
}
