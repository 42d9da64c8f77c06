ALTER TYPE "public"."audit_entity" ADD VALUE 'media' BEFORE 'demo';--> statement-breakpoint
ALTER TYPE "public"."audit_entity" ADD VALUE 'data' BEFORE 'demo';--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "must_change_password" boolean DEFAULT false NOT NULL;