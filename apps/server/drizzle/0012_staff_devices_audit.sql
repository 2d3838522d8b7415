CREATE TYPE "public"."actor_kind" AS ENUM('owner', 'staff', 'device');--> statement-breakpoint
CREATE TYPE "public"."staff_role" AS ENUM('manager', 'server', 'kitchen');--> statement-breakpoint
CREATE TABLE "audit_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL,
	"actor_kind" "actor_kind" NOT NULL,
	"actor_id" integer NOT NULL,
	"actor_name" varchar(200) NOT NULL,
	"action" varchar(40) NOT NULL,
	"object_type" varchar(20) NOT NULL,
	"object_id" integer,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL,
	"name" varchar(60) NOT NULL,
	"role" "staff_role" NOT NULL,
	"credential_hash" varchar(64) NOT NULL,
	"previous_credential_hash" varchar(64),
	"rotated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"token_version" integer DEFAULT 0 NOT NULL,
	"last_seen_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pairing_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"device_name" varchar(60) NOT NULL,
	"role" "staff_role" NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_members" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL,
	"email" varchar(254) NOT NULL,
	"name" varchar(100) NOT NULL,
	"role" "staff_role" NOT NULL,
	"password_hash" text,
	"token_version" integer DEFAULT 0 NOT NULL,
	"accepted_at" timestamp with time zone,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pairing_codes" ADD CONSTRAINT "pairing_codes_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_staff_id_staff_members_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_members" ADD CONSTRAINT "staff_members_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_restaurant_time_idx" ON "audit_events" USING btree ("restaurant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_events_object_idx" ON "audit_events" USING btree ("restaurant_id","object_type","object_id");--> statement-breakpoint
CREATE UNIQUE INDEX "devices_credential_unique" ON "devices" USING btree ("credential_hash");--> statement-breakpoint
CREATE INDEX "devices_restaurant_idx" ON "devices" USING btree ("restaurant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pairing_codes_live_hash_unique" ON "pairing_codes" USING btree ("code_hash") WHERE "pairing_codes"."used_at" is null;--> statement-breakpoint
CREATE INDEX "pairing_codes_restaurant_idx" ON "pairing_codes" USING btree ("restaurant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_invitations_hash_unique" ON "staff_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "staff_invitations_staff_idx" ON "staff_invitations" USING btree ("staff_id");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_members_live_email_unique" ON "staff_members" USING btree (lower("email")) WHERE "staff_members"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "staff_members_restaurant_idx" ON "staff_members" USING btree ("restaurant_id");