import type { TWire } from './wire';

let loaded: TWire | null = null;
let loading: Promise<TWire> | null = null;

/** Loads the wire schemas (zod and the schemas of `wire.ts`, one chunk) once. */
export const loadWire = (): Promise<TWire> => {
  loading ??= import('./wire').then(({ WIRE }) => {
    loaded = WIRE;
    return WIRE;
  });
  return loading;
};

/** The wire schemas once `loadWire` has resolved, else null. */
export const loadedWire = (): TWire | null => loaded;
