-- The three monthly plans of the pricing page (docs/product/subscriptions.md#plans), with the same texts as
-- apps/web/src/features/landing/components/pricing-plans.ts. Re-running is harmless.
INSERT INTO "plans" ("code", "name", "description", "price_cents", "duration_days", "features", "sort_order") VALUES
  ('starter', 'Starter', 'For cafés and small dining rooms taking their first QR orders.', 5000, 30,
   '["QR menu with photos and categories", "Dine-in and pickup ordering", "Live order status for guests", "Email support"]'::jsonb, 1),
  ('professional', 'Professional', 'For busy restaurants that run the whole service on TableServe.', 10000, 30,
   '["Everything in Starter", "Real-time kitchen view", "Daily sales and order reports", "Today''s Special highlights", "Priority email support"]'::jsonb, 2),
  ('enterprise', 'Enterprise', 'For large venues with many tables and a high order volume.', 20000, 30,
   '["Everything in Professional", "Guided onboarding and menu setup", "Phone and email support"]'::jsonb, 3)
ON CONFLICT ("code") DO NOTHING;
