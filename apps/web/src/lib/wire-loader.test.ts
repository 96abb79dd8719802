import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.doUnmock('./wire');
  vi.resetModules();
});

describe('loadWire', () => {
  it('tries the download again after it failed, instead of failing for good', async () => {
    vi.resetModules();
    let fail = true;
    vi.doMock('./wire', async (importOriginal) => {
      if (fail) throw new Error('chunk download failed');
      return importOriginal();
    });
    const { loadedWire, loadWire } = await import('./wire-loader');
    // (vitest wraps the factory's error in its own message)
    await expect(loadWire()).rejects.toThrow();
    expect(loadedWire()).toBeNull();
    fail = false;
    const wire = await loadWire();
    // The schemas are usable: an error envelope parses, and they are kept for synchronous reads.
    expect(
      wire.ZApiError.safeParse({
        message: 'Kuota tidak cukup',
        errors: { status: 'QUOTA_INSUFFICIENT' },
      }).success,
    ).toBe(true);
    expect(loadedWire()).toBe(wire);
  });
});
