export { addStrings, clearStrings, onStringsChange } from './string-registry.js';
export { createStringTable, type BuiltinStringTables } from './create-string-table.js';
export { fromTemplate } from './merge-strings.js';
export type { StringTables, StringOverrides, HostStrings } from './string-tables.js';
