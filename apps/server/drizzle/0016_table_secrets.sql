-- Each restaurant's secret for its tables' keys (docs/decisions/025-table-keys.md): a volatile default, so every
-- restaurant already there gets its own random value as the column is added.
ALTER TABLE "restaurants" ADD COLUMN "table_secret" varchar(64) DEFAULT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '') NOT NULL;