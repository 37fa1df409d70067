import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isLLMError, LLMError } from '../../../core/llm/index.js';
import { errorMessageFromBody, httpError } from '../../../core/llm/error-text.js';

const LABEL = { provider: 'openai-compatible', model: 'gpt-4o-mini' };

describe('LLMError', () => {
  it('names the provider and model, the problem and the field to fix', () => {
    const error = httpError(LABEL, 401, undefined);
    assert.equal(error.message, 'openai-compatible(gpt-4o-mini): the server refused the API key (HTTP 401). Check `apiKey`.');
    assert.equal(error.kind, 'http');
    assert.equal(error.status, 401);
    assert.equal(error.retryable, false);
    assert.equal(error.provider, 'openai-compatible');
    assert.equal(error.model, 'gpt-4o-mini');
    assert.equal(error.name, 'LLMError');
    assert.ok(error instanceof Error);
  });

  it('marks 408, 409, 429 and 5xx retryable, other statuses not', () => {
    for (const status of [408, 409, 429, 500, 502, 503, 529]) assert.equal(httpError(LABEL, status, undefined).retryable, true, String(status));
    for (const status of [400, 401, 403, 404, 413, 422]) assert.equal(httpError(LABEL, status, undefined).retryable, false, String(status));
    assert.match(httpError(LABEL, 404, 'no such model').message, /no such model\. Check `baseURL` and `model`\./);
  });

  it('network and timeout errors default to retryable, the others not', () => {
    const make = (kind: LLMError['kind']) => new LLMError({ kind, label: LABEL, problem: 'x' });
    assert.deepEqual((['network', 'timeout', 'http', 'protocol', 'aborted'] as const).map((kind) => make(kind).retryable), [true, true, false, false, false]);
  });

  it('isLLMError also recognises an LLMError from another copy of the module', () => {
    const foreign = Object.assign(new Error('x'), { name: 'LLMError', kind: 'http', retryable: false });
    assert.equal(isLLMError(foreign), true);
    assert.equal(isLLMError(new Error('x')), false);
    assert.equal(isLLMError({ name: 'LLMError', kind: 'http', retryable: true }), false);
  });
});

describe('errorMessageFromBody', () => {
  it('reads both providers’ error shapes, plain strings and text', () => {
    assert.equal(errorMessageFromBody('{"error":{"message":"Incorrect API key provided","type":"invalid_request_error"}}'), 'Incorrect API key provided');
    assert.equal(errorMessageFromBody('{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}'), 'Overloaded');
    assert.equal(errorMessageFromBody('{"error":"model missing"}'), 'model missing');
    assert.equal(errorMessageFromBody('{"detail":"Not Found"}'), 'Not Found');
    assert.equal(errorMessageFromBody('  upstream\n  timeout '), 'upstream timeout');
    assert.equal(errorMessageFromBody(''), undefined);
    assert.ok(errorMessageFromBody('x'.repeat(5000))!.length < 400);
  });
});
