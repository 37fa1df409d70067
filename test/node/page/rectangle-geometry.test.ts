import { test } from 'node:test';
import assert from 'node:assert/strict';
import { between, moveRectangle, resizeRectangle } from '../../../core/page/context-capture/rectangle-geometry.js';

const viewport = { width: 800, height: 600 };

test('a rectangle moves, and stops at the viewport’s edges', () => {
  const rect = { x: 100, y: 100, width: 200, height: 100 };
  assert.deepEqual(moveRectangle(rect, 10, -20, viewport), { x: 110, y: 80, width: 200, height: 100 });
  assert.deepEqual(moveRectangle(rect, -500, 900, viewport), { x: 0, y: 500, width: 200, height: 100 });
});

test('a rectangle resizes from its top-left corner, never below the smallest size nor past the viewport', () => {
  const rect = { x: 700, y: 100, width: 50, height: 50 };
  assert.deepEqual(resizeRectangle(rect, 30, 10, 8, viewport), { x: 700, y: 100, width: 80, height: 60 });
  assert.deepEqual(resizeRectangle(rect, 500, 0, 8, viewport), { x: 700, y: 100, width: 100, height: 50 });
  assert.deepEqual(resizeRectangle(rect, -100, -100, 8, viewport), { x: 700, y: 100, width: 8, height: 8 });
});

test('a drag draws the same rectangle whichever way it goes, clipped to the viewport', () => {
  assert.deepEqual(between({ x: 10, y: 20 }, { clientX: 110, clientY: 70 }, viewport), { x: 10, y: 20, width: 100, height: 50 });
  assert.deepEqual(between({ x: 110, y: 70 }, { clientX: 10, clientY: 20 }, viewport), { x: 10, y: 20, width: 100, height: 50 });
  assert.deepEqual(between({ x: 750, y: 550 }, { clientX: 900, clientY: -40 }, viewport), { x: 750, y: 0, width: 50, height: 550 });
});
