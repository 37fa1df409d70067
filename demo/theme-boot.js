// Runs before first paint (a classic script in <head>), so a dark-theme visitor never sees a white
// flash. A file rather than an inline script: the site's CSP allows no inline script.
(function () {
  var saved = null;
  try { saved = localStorage.getItem('orchard-theme'); } catch (error) {}
  var dark = saved ? saved === 'dark' : matchMedia('(prefers-color-scheme: dark)').matches;
  document.documentElement.setAttribute('data-dddk-theme', dark ? 'dark' : 'light');
})();
