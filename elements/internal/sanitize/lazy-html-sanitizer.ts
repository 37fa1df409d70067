// The sanitizer lives in core/page/sanitize/; this path stays for the views that still import it here.
export { loadHtmlSanitizer } from '../../../core/page/sanitize/lazy-html-sanitizer.js';
