ALTER TYPE "public"."actor_kind" ADD VALUE 'system';--> statement-breakpoint
ALTER TYPE "public"."order_payment_state" ADD VALUE 'partly_paid' BEFORE 'paid';--> statement-breakpoint
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_amount_positive";--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "tip_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "refunds_payment_idx" ON "refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "refunds_unsent_idx" ON "refunds" USING btree ("created_at") WHERE "refunds"."status" = 'pending' and "refunds"."provider_refund_id" is null;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_amount_positive" CHECK ("refunds"."amount_cents" >= 0 and "refunds"."tip_cents" >= 0 and "refunds"."amount_cents" + "refunds"."tip_cents" > 0);