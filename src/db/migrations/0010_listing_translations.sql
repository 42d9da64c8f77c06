ALTER TABLE "properties" ADD COLUMN "title_en" text;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "description_en" text;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "title_ln" text;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "description_ln" text;