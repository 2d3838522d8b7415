CREATE TYPE "public"."bill_payment_status" AS ENUM('pending', 'succeeded', 'failed');--> statement-breakpoint
CREATE TYPE "public"."bill_split_kind" AS ENUM('all', 'even', 'amount', 'items');--> statement-breakpoint
CREATE TYPE "public"."bill_status" AS ENUM('open', 'paid');--> statement-breakpoint
CREATE TYPE "public"."order_payment_state" AS ENUM('unpaid', 'paid', 'partly_refunded', 'refunded');--> statement-breakpoint
CREATE TYPE "public"."payment_timing" AS ENUM('counter', 'order', 'end_of_meal');--> statement-breakpoint
CREATE TYPE "public"."refund_status" AS ENUM('pending', 'succeeded', 'failed');--> statement-breakpoint
CREATE TABLE "bill_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"bill_id" integer NOT NULL,
	"restaurant_id" integer NOT NULL,
	"customer_id" integer,
	"status" "bill_payment_status" DEFAULT 'pending' NOT NULL,
	"split_kind" "bill_split_kind" NOT NULL,
	"amount_cents" integer NOT NULL,
	"tip_cents" integer DEFAULT 0 NOT NULL,
	"provider" varchar(20) NOT NULL,
	"provider_payment_id" varchar(255),
	"card_brand" varchar(20),
	"card_last4" varchar(4),
	"failure_message" varchar(500),
	"receipt_email" varchar(254),
	"receipt_token_hash" varchar(64) NOT NULL,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bill_payments_amounts" CHECK ("bill_payments"."amount_cents" > 0 and "bill_payments"."tip_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "bills" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL,
	"table_number" integer,
	"status" "bill_status" DEFAULT 'open' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"order_item_id" integer NOT NULL,
	"share_index" integer NOT NULL,
	"share_count" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	CONSTRAINT "payment_claims_share_range" CHECK ("payment_claims"."share_count" between 1 and 20 and "payment_claims"."share_index" between 0 and "payment_claims"."share_count" - 1)
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"payment_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" varchar(200) NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" "refund_status" DEFAULT 'pending' NOT NULL,
	"provider" varchar(20) NOT NULL,
	"provider_refund_id" varchar(255),
	"automatic" boolean DEFAULT false NOT NULL,
	"actor_kind" "actor_kind",
	"actor_id" integer,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_amount_positive" CHECK ("refunds"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "tax_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"rate" integer NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_rates_rate_range" CHECK ("tax_rates"."rate" between 0 and 100000)
);
--> statement-breakpoint
ALTER TABLE "menu_items" ADD COLUMN "tax_rate_id" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "tax_name" varchar(50);--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "tax_rate" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "service_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "subtotal_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_included" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "service_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "party_size" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_timing" "payment_timing" DEFAULT 'counter' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_state" "order_payment_state" DEFAULT 'unpaid' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "awaiting_payment" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "bill_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "payment_timing" "payment_timing" DEFAULT 'counter' NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "prices_include_tax" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "service_charge_rate" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "service_charge_min_party" integer;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "stripe_account_id" varchar(64);--> statement-breakpoint
ALTER TABLE "bill_payments" ADD CONSTRAINT "bill_payments_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_payments" ADD CONSTRAINT "bill_payments_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_payments" ADD CONSTRAINT "bill_payments_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_claims" ADD CONSTRAINT "payment_claims_payment_id_bill_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."bill_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_claims" ADD CONSTRAINT "payment_claims_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_bill_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."bill_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_rates" ADD CONSTRAINT "tax_rates_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bill_payments_bill_idx" ON "bill_payments" USING btree ("bill_id");--> statement-breakpoint
CREATE INDEX "bill_payments_restaurant_time_idx" ON "bill_payments" USING btree ("restaurant_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bill_payments_provider_payment_unique" ON "bill_payments" USING btree ("provider_payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bills_one_open_per_table" ON "bills" USING btree ("restaurant_id","table_number") WHERE "bills"."status" = 'open' and "bills"."table_number" is not null;--> statement-breakpoint
CREATE INDEX "bills_restaurant_idx" ON "bills" USING btree ("restaurant_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_claims_share_unique" ON "payment_claims" USING btree ("order_item_id","share_index");--> statement-breakpoint
CREATE INDEX "payment_claims_payment_idx" ON "payment_claims" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "refunds_restaurant_time_idx" ON "refunds" USING btree ("restaurant_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_provider_refund_unique" ON "refunds" USING btree ("provider_refund_id");--> statement-breakpoint
CREATE INDEX "tax_rates_restaurant_idx" ON "tax_rates" USING btree ("restaurant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_rates_one_default" ON "tax_rates" USING btree ("restaurant_id") WHERE "tax_rates"."is_default";--> statement-breakpoint
ALTER TABLE "menu_items" ADD CONSTRAINT "menu_items_tax_rate_id_tax_rates_id_fk" FOREIGN KEY ("tax_rate_id") REFERENCES "public"."tax_rates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_bill_idx" ON "orders" USING btree ("bill_id") WHERE "orders"."bill_id" is not null;--> statement-breakpoint
ALTER TABLE "restaurants" ADD CONSTRAINT "restaurants_service_charge_rate" CHECK ("restaurants"."service_charge_rate" between 0 and 30000);--> statement-breakpoint
-- Orders from before the money model: their total was their lines, and a Completed order was paid at the counter.
UPDATE "orders" SET "subtotal_cents" = "total_cents";--> statement-breakpoint
UPDATE "orders" SET "payment_state" = 'paid' WHERE "status" = 'Completed';
