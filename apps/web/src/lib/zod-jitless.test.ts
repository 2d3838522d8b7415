import { describe, expect, it } from 'vitest';

describe('zod-jitless', () => {
  it("is the setting zod itself reads: zod's config says jitless once this module has run", async () => {
    await import('./zod-jitless');
    const { config } = await import('zod/v4/core');
    expect(config().jitless).toBe(true);
  });
});
