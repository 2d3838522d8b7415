import { z } from 'zod';

/**
 * GET /public-config: the server's settings the browser needs and anyone may read. The maps key
 * is a browser key (restricted by HTTP referrer in Google's console), so publishing it is safe;
 * null means no maps key, and the address is typed in plain fields (docs/product/platform.md#maps).
 */
export const PublicConfigResponse = z.object({
  google_maps_api_key: z.string().nullable(),
});
export type PublicConfigResponse = z.infer<typeof PublicConfigResponse>;
