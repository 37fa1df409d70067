import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  hasCommandModifier,
  isComposingKey,
  isKeyActivatedControl,
  isPaletteShortcut,
  isSpaceKey,
  isTypingTarget,
  targetOwnsKey,
} from '../../../core/input/keys.js';

interface FakeOptions {
  type?: string;
  role?: string;
  editable?: boolean;
  href?: boolean;
  parent?: Element;
}

function element(localName: string, options: FakeOptions = {}): Element {
  const attributes = new Map<string, string>();
  if (options.role) attributes.set('role', options.role);
  if (options.href) attributes.set('href', '/x');
  const node = {
    nodeType: 1,
    localName,
    type: options.type,
    isContentEditable: options.editable ?? false,
    getAttribute: (name: string) => attributes.get(name) ?? null,
    hasAttribute: (name: string) => attributes.has(name),
    closest(selector: string): unknown {
      if (selector !== '[role]') throw new Error(`unexpected selector ${selector}`);
      if (attributes.has('role')) return node;
      return options.parent ? options.parent.closest(selector) : null;
    },
  };
  return node as unknown as Element;
}

test('text fields, editable content and text roles are typing targets; buttons and checkboxes are not', () => {
  assert.ok(isTypingTarget(element('input')));
  assert.ok(isTypingTarget(element('input', { type: 'email' })));
  assert.ok(isTypingTarget(element('input', { type: 'SEARCH' })));
  assert.ok(isTypingTarget(element('textarea')));
  assert.ok(isTypingTarget(element('select')));
  assert.ok(isTypingTarget(element('div', { editable: true })));
  assert.ok(isTypingTarget(element('div', { role: 'textbox' })));
  assert.ok(isTypingTarget(element('span', { parent: element('div', { role: 'combobox' }) })));
  assert.ok(!isTypingTarget(element('input', { type: 'checkbox' })));
  assert.ok(!isTypingTarget(element('input', { type: 'submit' })));
  assert.ok(!isTypingTarget(element('button')));
  assert.ok(!isTypingTarget(element('span', { parent: element('div', { role: 'dialog' }) })));
  assert.ok(!isTypingTarget(null));
  assert.ok(!isTypingTarget({ nodeType: 3 } as never));
});

test('controls that Space or Enter activate own those keys; Escape belongs only to fields', () => {
  const checkbox = element('input', { type: 'checkbox' });
  assert.ok(isKeyActivatedControl(checkbox));
  assert.ok(isKeyActivatedControl(element('button')));
  assert.ok(isKeyActivatedControl(element('a', { href: true })));
  assert.ok(!isKeyActivatedControl(element('a')));
  assert.ok(isKeyActivatedControl(element('div', { role: 'switch' })));
  assert.ok(isKeyActivatedControl(element('summary')));
  assert.ok(!isKeyActivatedControl(element('div')));
  assert.ok(targetOwnsKey(' ', checkbox));
  assert.ok(!targetOwnsKey('Escape', checkbox));
  assert.ok(targetOwnsKey('Escape', element('input')));
  assert.ok(!targetOwnsKey(' ', element('div')));
});

test('composition, Space, modifiers and the palette shortcut', () => {
  assert.ok(isComposingKey({ key: 'Enter', isComposing: true }));
  assert.ok(isComposingKey({ key: 'Enter', keyCode: 229 }));
  assert.ok(isComposingKey({ key: 'Process' }));
  assert.ok(!isComposingKey({ key: 'Enter' }));
  assert.ok(isSpaceKey({ key: ' ' }));
  assert.ok(isSpaceKey({ key: 'x', code: 'Space' }));
  assert.ok(!isSpaceKey({ key: 'Process', code: 'Space' }));
  assert.ok(hasCommandModifier({ key: 'a', altKey: true }));
  assert.ok(!hasCommandModifier({ key: 'A', shiftKey: true }));
  assert.ok(isPaletteShortcut({ key: 'k', ctrlKey: true }));
  assert.ok(isPaletteShortcut({ key: 'л', code: 'KeyK', metaKey: true }));
  assert.ok(!isPaletteShortcut({ key: 'K', ctrlKey: true, shiftKey: true }));
  assert.ok(!isPaletteShortcut({ key: 'k' }));
});
