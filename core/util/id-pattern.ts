/**
 * The rule for the ids a host gives its palette items and its skills: plain characters a URL, a
 * log line and an attribute carry unchanged, and short enough to show in an error.
 */
export const ID_PATTERN = /^[A-Za-z0-9_\-.:/]{1,128}$/;
