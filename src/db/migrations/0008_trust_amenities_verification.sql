ALTER TYPE "public"."audit_action" ADD VALUE 'verify';--> statement-breakpoint
ALTER TYPE "public"."message_property_type" ADD VALUE 'report';--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "amenities" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "available_from" date;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "verified_by" integer;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_verified_by_accounts_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "properties_verified_idx" ON "properties" USING btree ("verified_at");