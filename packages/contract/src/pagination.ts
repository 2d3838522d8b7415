import { z } from 'zod';

export const MAX_PER_PAGE = 50;

/** ?page&per_page, with a cap so no list call can ask for everything at once. */
export const PageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(MAX_PER_PAGE).default(10),
});

export const Pagination = z.object({
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
  total_pages: z.number().int(),
});
export type Pagination = z.infer<typeof Pagination>;

export const pagination = (page: number, perPage: number, total: number): Pagination => ({
  page,
  per_page: perPage,
  total,
  total_pages: Math.max(1, Math.ceil(total / perPage)),
});
