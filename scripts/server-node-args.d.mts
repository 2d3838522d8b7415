// Types of server-node-args.mjs, for the bench's TypeScript.
export declare function serverNodeArgs(env: Record<string, string | undefined>): string[];
