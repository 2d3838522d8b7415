ALTER TABLE "menu_items" ADD COLUMN "stock" integer;--> statement-breakpoint
ALTER TABLE "menu_items" ADD CONSTRAINT "menu_items_stock_not_negative" CHECK ("menu_items"."stock" >= 0);