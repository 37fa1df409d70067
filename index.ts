import { defineElements } from './elements/define-elements.js';

export * from './core/index.js';
export * from './elements/index.js';
export * from './elements/config/index.js';

// The package root is the drop-in: importing it registers every element.
defineElements();
