import { describe, expect, it } from 'vitest';
import { newIdempotencyKey } from './idempotency';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('idempotency keys', () => {
  it('uses crypto.randomUUID when there is one', () => {
    expect(newIdempotencyKey()).toMatch(UUID);
    expect(newIdempotencyKey()).not.toBe(newIdempotencyKey());
  });

  it('falls back to getRandomValues outside secure contexts', () => {
    const fake = { getRandomValues: globalThis.crypto.getRandomValues.bind(globalThis.crypto) };
    const key = newIdempotencyKey(fake as unknown as Crypto);
    expect(key).toMatch(UUID);
  });
});
