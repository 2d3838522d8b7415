// Types of server-launch.mjs, for the bench's TypeScript.
export declare function serverNodeArgs(env: Record<string, string | undefined>): string[];
export declare function serverEnvironment(
  env: Record<string, string | undefined>,
): Record<string, string | undefined>;
