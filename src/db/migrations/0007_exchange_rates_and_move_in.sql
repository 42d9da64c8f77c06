ALTER TYPE "public"."audit_entity" ADD VALUE 'rates';--> statement-breakpoint
CREATE TABLE "exchange_rates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "exchange_rates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"cdf_per_usd" numeric(14, 4) NOT NULL,
	"usd_per_eur" numeric(10, 6) NOT NULL,
	"set_at" timestamp with time zone DEFAULT now() NOT NULL,
	"set_by" text NOT NULL,
	CONSTRAINT "exchange_rates_positive_check" CHECK ("exchange_rates"."cdf_per_usd" > 0 AND "exchange_rates"."usd_per_eur" > 0)
);
--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "advance_months" integer;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "deposit_months" integer;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "commission_months" integer;--> statement-breakpoint
CREATE INDEX "exchange_rates_set_at_idx" ON "exchange_rates" USING btree ("set_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_advance_months_check" CHECK ("properties"."advance_months" BETWEEN 0 AND 24);--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_deposit_months_check" CHECK ("properties"."deposit_months" BETWEEN 0 AND 24);--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_commission_months_check" CHECK ("properties"."commission_months" BETWEEN 0 AND 12);--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_move_in_rent_check" CHECK ("properties"."type" = 'rent' OR ("properties"."advance_months" IS NULL AND "properties"."deposit_months" IS NULL AND "properties"."commission_months" IS NULL));