// Types of server-node-args.mjs, for the bench's TypeScript.
export declare const POSTGRES_SEMI_SPACE_MB: number;
export declare function serverNodeArgs(env: Record<string, string | undefined>): string[];
