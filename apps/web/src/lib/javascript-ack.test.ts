import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { isJavaScriptRefusal, needsJavaScriptAck } from './javascript-ack';

const summary = (count: number, acknowledged_at: string | null) => ({
  javascript: {
    count,
    items: [],
    acknowledged_by: acknowledged_at ? 1 : null,
    acknowledged_by_name: acknowledged_at ? 'Ana' : null,
    acknowledged_at,
  },
});

describe('JavaScript acknowledgment', () => {
  it('asks only for scripts nobody confirmed yet', () => {
    expect(needsJavaScriptAck(summary(2, null))).toBe(true);
    expect(needsJavaScriptAck(summary(2, '2026-11-23T10:00:00.000Z'))).toBe(false);
    expect(needsJavaScriptAck(summary(0, null))).toBe(false);
    expect(needsJavaScriptAck(undefined)).toBe(false);
  });

  it('recognises the 409 refusal by errors.javascript', () => {
    const refusal = new ApiError({
      status: 409,
      message: 'This document contains JavaScript',
      errors: { javascript: 'acknowledgment required', javascript_count: 2 },
    });
    expect(isJavaScriptRefusal(refusal)).toBe(true);
    expect(
      isJavaScriptRefusal(
        new ApiError({ status: 409, message: 'x', errors: { reason: 'IDENTITY_REQUIRED' } }),
      ),
    ).toBe(false);
    expect(isJavaScriptRefusal(new Error('x'))).toBe(false);
  });
});
