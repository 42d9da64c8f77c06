CREATE TYPE "public"."alert_status" AS ENUM('pending', 'confirmed', 'unsubscribed');--> statement-breakpoint
ALTER TYPE "public"."audit_entity" ADD VALUE 'alert';--> statement-breakpoint
CREATE TABLE "alert_deliveries" (
	"subscription_id" integer NOT NULL,
	"property_id" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_deliveries_subscription_id_property_id_pk" PRIMARY KEY("subscription_id","property_id")
);
--> statement-breakpoint
CREATE TABLE "alert_subscriptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "alert_subscriptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"phone" text,
	"lang" text DEFAULT 'fr' NOT NULL,
	"filters" jsonb NOT NULL,
	"filters_key" text NOT NULL,
	"status" "alert_status" DEFAULT 'pending' NOT NULL,
	"confirmed_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"last_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alert_tokens" (
	"hash" text PRIMARY KEY NOT NULL,
	"subscription_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_tokens_purpose_check" CHECK ("alert_tokens"."purpose" IN ('confirm', 'unsubscribe'))
);
--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_subscription_id_alert_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."alert_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_deliveries" ADD CONSTRAINT "alert_deliveries_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_tokens" ADD CONSTRAINT "alert_tokens_subscription_id_alert_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."alert_subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_subscriptions_email_filters_idx" ON "alert_subscriptions" USING btree ("email","filters_key");--> statement-breakpoint
CREATE INDEX "alert_subscriptions_status_idx" ON "alert_subscriptions" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "alert_tokens_subscription_idx" ON "alert_tokens" USING btree ("subscription_id");