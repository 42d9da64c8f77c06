ALTER TYPE "public"."audit_entity" ADD VALUE 'media';--> statement-breakpoint
ALTER TYPE "public"."audit_entity" ADD VALUE 'data';--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "must_change_password" boolean DEFAULT false NOT NULL;