// `cem analyze --litelement` reads this: it documents the elements from their JSDoc
// (@tagname @summary @event @csspart @cssproperty @cssstate @slot) into custom-elements.json.
const INTERNAL_MEMBERS = new Set(['styles']);

const isTagName = (name) => /^[a-z][a-z0-9]*(-[a-z0-9]+)+$/.test(name);

export default {
  globs: ['elements/**/*.ts'],
  exclude: ['elements/**/*.test.ts', 'elements/**/*.styles.ts'],
  outdir: '.',
  litelement: true,
  plugins: [
    {
      // The manifest is public documentation: private and protected members and Lit's static
      // `styles` are implementation details.
      name: 'dddk-public-members-only',
      packageLinkPhase({ customElementsManifest }) {
        for (const module of customElementsManifest.modules) {
          for (const declaration of module.declarations ?? []) {
            if (!declaration.members) continue;
            declaration.members = declaration.members.filter(
              (member) => member.privacy !== 'private' && member.privacy !== 'protected' && !INTERNAL_MEMBERS.has(member.name),
            );
          }
        }
      },
    },
    {
      // Elements register through `define(tag)` with the tag as a variable, which the analyzer
      // reads as a definition named after the variable. The tag comes from each class's @tagname.
      name: 'dddk-tag-definitions',
      packageLinkPhase({ customElementsManifest }) {
        for (const module of customElementsManifest.modules) {
          module.exports = (module.exports ?? []).filter(
            (entry) => entry.kind !== 'custom-element-definition' || isTagName(entry.name),
          );
          for (const declaration of module.declarations ?? []) {
            if (declaration.kind !== 'class') continue;
            if (!declaration.tagName) {
              delete declaration.customElement;
              continue;
            }
            module.exports.push({
              kind: 'custom-element-definition',
              name: declaration.tagName,
              declaration: { name: declaration.name, module: module.path },
            });
          }
        }
      },
    },
  ],
};
