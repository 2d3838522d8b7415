-- What each order line took from its item's count (ADR 015, amended): a cancellation, deletion or
-- edit gives back at most this, so a count is never raised by portions that were never taken.
-- Lines written before this migration get 0, the safe value: nothing recorded what they took (an
-- item may not have been counted when they were placed, or its count was set since), and 0 never
-- gives back more than was taken. At worst such an order, cancelled, gives back less than it took
-- and the owner sets the count again.
ALTER TABLE "order_items" ADD COLUMN "stock_taken" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "order_items_stock_held_idx" ON "order_items" USING btree ("menu_item_id") WHERE "order_items"."stock_taken" > 0;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_stock_taken_within_quantity" CHECK ("order_items"."stock_taken" between 0 and "order_items"."quantity");