import { cpSync, mkdirSync } from 'node:fs';

/**
 * Makes `workingDir` the editable copy of the demo's pages: files from `seedDir` that it lacks are
 * copied in, and edits made through the page store stay there, out of the source tree.
 * @param {string} seedDir
 * @param {string} workingDir
 */
export function seedContent(seedDir, workingDir) {
  mkdirSync(workingDir, { recursive: true });
  cpSync(seedDir, workingDir, { recursive: true, force: false, errorOnExist: false });
}
