/** build.mjs: compiles the API to dist/ (esbuild). */
export declare const apiBuildIsStale: () => boolean;
/** `into`: another output folder inside the repository than dist/. */
export declare const buildApi: (into?: string) => Promise<void>;
