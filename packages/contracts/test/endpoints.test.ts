import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ZMessageResponse } from '../src/auth.ts';
import { endpoint, endpointPath, successStatusOf } from '../src/endpoint.ts';
import { ALL_ENDPOINTS } from '../src/endpoints/endpoint-table.ts';

describe('endpoint table', () => {
  it('has one entry per method and path', () => {
    const calls = ALL_ENDPOINTS.map((e) => `${e.method} ${e.path}`);
    expect(calls.filter((call, i) => calls.indexOf(call) !== i)).toEqual([]);
  });

  it('declares every path parameter in the params schema', () => {
    for (const entry of ALL_ENDPOINTS) {
      const names = [...entry.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
      if (names.length === 0) continue;
      const shape = entry.params instanceof z.ZodObject ? entry.params.shape : {};
      expect(Object.keys(shape).sort(), `${entry.method} ${entry.path}`).toEqual(names.sort());
    }
  });

  it('gives every JSON entry a success answer schema', () => {
    for (const entry of ALL_ENDPOINTS) {
      if (entry.raw) continue;
      const status = successStatusOf(entry);
      expect(entry.response[status], `${entry.method} ${entry.path}`).toBeDefined();
    }
  });

  it('fills path parameters, encoded', () => {
    const entry = endpoint({
      method: 'GET',
      path: '/api/v1/things/:id/parts/:name',
      tags: ['things'],
      summary: 'test',
      access: 'public',
      response: { 201: ZMessageResponse },
    });
    expect(endpointPath(entry, { id: 5, name: 'a b/c' })).toBe('/api/v1/things/5/parts/a%20b%2Fc');
    expect(() => endpointPath(entry, { id: 5 })).toThrow('name');
    expect(successStatusOf(entry)).toBe(201);
  });
});
