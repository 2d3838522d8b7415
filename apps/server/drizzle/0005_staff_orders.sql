DROP INDEX "orders_restaurant_created_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "other_order_details" varchar(500);--> statement-breakpoint
CREATE INDEX "orders_restaurant_live_created_idx" ON "orders" USING btree ("restaurant_id","created_at","id") WHERE "orders"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "orders_restaurant_live_status_idx" ON "orders" USING btree ("restaurant_id","status","created_at") WHERE "orders"."deleted_at" is null;