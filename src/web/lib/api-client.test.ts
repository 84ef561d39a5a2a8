import { afterEach, describe, expect, it, vi } from 'vitest';
import { ERROR_CODES } from '#shared/errors.ts';
import { api, hasErrorCode, isServerFault, NETWORK_ERROR } from './api-client.ts';

const answer = (status: number, body: unknown) =>
  vi.stubGlobal('fetch', () => Promise.resolve(new Response(JSON.stringify(body), { status })));

const failure = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
};

afterEach(() => vi.unstubAllGlobals());

describe('api client errors', () => {
  it('carries the code of the error body, whatever the message says', async () => {
    answer(404, { message: 'Discount not found', code: 'not_found' });
    const error = await failure(api.get('/api/x'));
    expect(hasErrorCode(error, ERROR_CODES.not_found)).toBe(true);
    expect(hasErrorCode(error, ERROR_CODES.conflict)).toBe(false);
    expect(isServerFault(error)).toBe(false);
  });

  it('reads a code it does not know (a newer server) as the generic code of the status', async () => {
    answer(409, { message: 'Something new', code: 'brand_new_code' });
    const error = await failure(api.post('/api/x', {}));
    expect(hasErrorCode(error, ERROR_CODES.conflict)).toBe(true);
  });

  it('gives a body without a code (a proxy page) the code of its status', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('<html>Bad gateway</html>', { status: 503 })));
    const error = await failure(api.get('/api/x'));
    expect(hasErrorCode(error, ERROR_CODES.service_unavailable)).toBe(true);
    expect(isServerFault(error)).toBe(true);
  });

  it('marks a request that got no answer as a network error', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const error = await failure(api.get('/api/x'));
    expect(hasErrorCode(error, NETWORK_ERROR)).toBe(true);
    expect(isServerFault(error)).toBe(true);
  });
});
