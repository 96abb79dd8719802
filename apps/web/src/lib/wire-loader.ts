import type { TWire } from './wire';

let loaded: TWire | null = null;
let loading: Promise<TWire> | null = null;

/**
 * Loads the wire schemas (zod and the schemas of `wire.ts`, one chunk) once. A failed download is
 * not kept: the next call tries again (a network blip must not sign the tab out until a reload).
 */
export const loadWire = (): Promise<TWire> => {
  loading ??= import('./wire').then(
    ({ WIRE }) => {
      loaded = WIRE;
      return WIRE;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
};

/** The wire schemas once `loadWire` has resolved, else null. */
export const loadedWire = (): TWire | null => loaded;
