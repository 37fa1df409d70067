import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DddkError, isDddkError } from '../../../core/util/dddk-error.js';
import { PalettePortMissingError } from '../../../core/palette/run-action.js';
import { SessionRecordError } from '../../../core/agent/session/session-codec.js';
import { StorageUnavailableError } from '../../../core/storage/index.js';
import { SleepAborted } from '../../../core/util/sleep.js';
import { LLMError } from '../../../core/llm/errors.js';
import { DocumentStoreError, StaleWriteError } from '../../../core/targets/stores/store-errors.js';
import { RegionScanError } from '../../../core/targets/html/region-scan-error.js';
import { TaskPlanError } from '../../../core/prompts/task-plan.js';
import { RunStopped } from '../../../core/loop/abortable.js';
import { LoopError } from '../../../core/loop/loop-error.js';
import { SurfaceValidationError } from '../../../core/surface/validate-surface.js';
import { JsonPointerError } from '../../../core/surface/json-pointer.js';
import { ChunkLoadError } from '../../../core/util/lazy-module.js';
import * as core from '../../../core/index.js';

const cause = new Error('underneath');
const errors: Array<[DddkError, string, string]> = [
  [new PalettePortMissingError('copy', 'copy'), 'PalettePortMissingError', 'palette-port-missing'],
  [new SessionRecordError('foreign', 'not ours'), 'SessionRecordError', 'session-record'],
  [new StorageUnavailableError('none here'), 'StorageUnavailableError', 'storage-unavailable'],
  [new SleepAborted(), 'SleepAborted', 'sleep-aborted'],
  [new LLMError({ kind: 'network', label: { provider: 'openai', model: 'm' }, problem: 'offline', cause }), 'LLMError', 'llm'],
  [new StaleWriteError('changed'), 'StaleWriteError', 'stale-write'],
  [new DocumentStoreError('quota', 'full', { cause }), 'DocumentStoreError', 'quota'],
  [new RegionScanError([]), 'RegionScanError', 'region-scan'],
  [new TaskPlanError('no plan'), 'TaskPlanError', 'task-plan'],
  [new RunStopped(), 'RunStopped', 'run-stopped'],
  [new LoopError('invalid_config', 'bad', { cause }), 'LoopError', 'invalid_config'],
  [new SurfaceValidationError([]), 'SurfaceValidationError', 'surface-invalid'],
  [new JsonPointerError('bad pointer'), 'JsonPointerError', 'json-pointer'],
  [new ChunkLoadError('the agent', cause), 'ChunkLoadError', 'chunk_load_failed'],
];

test('every error the kit throws is a DddkError with its own name and code, and still an Error', () => {
  for (const [error, name, code] of errors) {
    assert.ok(error instanceof DddkError, name);
    assert.ok(error instanceof Error, name);
    assert.equal(error.name, name);
    assert.equal(error.code, code, name);
    assert.equal(isDddkError(error), true, name);
    assert.equal(typeof error.message, 'string');
  }
  assert.equal(errors.find(([, name]) => name === 'LoopError')![0].cause, cause);
  assert.equal(errors.find(([, name]) => name === 'LLMError')![0].cause, cause);
});

test('plain errors and look-alikes without the brand are not DddkErrors', () => {
  assert.equal(isDddkError(new Error('x')), false);
  assert.equal(isDddkError({ code: 'stale-write', name: 'StaleWriteError', message: 'x' }), false);
  assert.equal(isDddkError(null), false);
  assert.equal(isDddkError('StaleWriteError'), false);
});

test('the brand is read under a registered symbol, so any copy of the kit can set it', () => {
  const foreign = Object.assign(new Error('from elsewhere'), { code: 'stale-write', [Symbol.for('dddk.error')]: true });
  assert.equal(isDddkError(foreign), true);
});

test('an error from a second copy of the module is recognised, though instanceof is not', async () => {
  const specifier = '../../../core/util/dddk-error.js?copy';
  const copy = (await import(specifier)) as typeof import('../../../core/util/dddk-error.js');
  assert.notEqual(copy.DddkError, DddkError, 'the query gives a fresh module instance');
  class CopyError extends copy.DddkError<'copy'> {
    readonly code = 'copy';
  }
  const fromCopy = new CopyError('thrown by the other copy');
  assert.equal(fromCopy instanceof DddkError, false);
  assert.equal(isDddkError(fromCopy), true);
  assert.equal(copy.isDddkError(new StaleWriteError('changed')), true);
});

test('the core entry exports the base and the check', () => {
  assert.equal(core.DddkError, DddkError);
  assert.equal(core.isDddkError, isDddkError);
});
