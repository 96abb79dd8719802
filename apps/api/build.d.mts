/** build.mjs: compiles the API to dist/ (esbuild). */
export declare const apiBuildIsStale: () => boolean;
export declare const buildApi: () => Promise<void>;
