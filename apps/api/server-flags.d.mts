/** server-flags.mjs: Node flags of every process that runs the compiled API. */
export declare const SERVER_NODE_FLAGS: string[];
