/** An in-memory `Storage` and `window` stand-in for unit tests running in Node. */
export const createMemoryStorage = (): Storage => {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => {
      map.delete(key);
    },
    setItem: (key, value) => {
      map.set(key, String(value));
    },
  };
};

export const createFakeWindow = (
  localStorage: Storage = createMemoryStorage(),
  sessionStorage: Storage = createMemoryStorage(),
) => ({
  localStorage,
  sessionStorage,
  addEventListener: () => undefined,
  removeEventListener: () => undefined,
});
