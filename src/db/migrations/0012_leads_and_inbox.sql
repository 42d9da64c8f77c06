CREATE TYPE "public"."follow_up" AS ENUM('new', 'contacted', 'visit_planned', 'closed', 'dropped');--> statement-breakpoint
CREATE TYPE "public"."lead_channel" AS ENUM('view', 'whatsapp', 'call');--> statement-breakpoint
CREATE TYPE "public"."request_kind" AS ENUM('message', 'visit');--> statement-breakpoint
CREATE TABLE "request_history" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "request_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" "request_kind" NOT NULL,
	"request_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" integer,
	"actor_name" text NOT NULL,
	"field" text NOT NULL,
	"before" text,
	"after" text
);
--> statement-breakpoint
CREATE TABLE "lead_counts" (
	"day" date NOT NULL,
	"property_id" integer NOT NULL,
	"channel" "lead_channel" NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "lead_counts_day_property_id_channel_pk" PRIMARY KEY("day","property_id","channel")
);
--> statement-breakpoint
CREATE TABLE "lead_visitors" (
	"day" date NOT NULL,
	"property_id" integer NOT NULL,
	"channel" "lead_channel" NOT NULL,
	"visitor" text NOT NULL,
	"address" text NOT NULL,
	CONSTRAINT "lead_visitors_day_property_id_channel_visitor_pk" PRIMARY KEY("day","property_id","channel","visitor")
);
--> statement-breakpoint
CREATE TABLE "report_runs" (
	"week" date PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "follow_up" "follow_up" DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "assignee_id" integer;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "contacted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "visit_requests" ADD COLUMN "follow_up" "follow_up" DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "visit_requests" ADD COLUMN "assignee_id" integer;--> statement-breakpoint
ALTER TABLE "visit_requests" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "visit_requests" ADD COLUMN "contacted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "request_history" ADD CONSTRAINT "request_history_actor_id_accounts_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "request_history_request_idx" ON "request_history" USING btree ("kind","request_id","at");--> statement-breakpoint
CREATE INDEX "lead_counts_property_idx" ON "lead_counts" USING btree ("property_id","day");--> statement-breakpoint
CREATE INDEX "lead_visitors_address_idx" ON "lead_visitors" USING btree ("day","property_id","channel","address");--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_assignee_id_team_members_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."team_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_requests" ADD CONSTRAINT "visit_requests_assignee_id_team_members_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."team_members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Requests received before the inbox: their follow-up from the status staff gave them, their listing's agent.
UPDATE "messages" SET "follow_up" = (CASE "status" WHEN 'replied' THEN 'contacted' WHEN 'closed' THEN 'dropped' ELSE 'new' END)::"follow_up",
  "contacted_at" = CASE WHEN "status" IN ('replied', 'closed') THEN COALESCE("replied_at", "updated_at") END,
  "assignee_id" = (SELECT "manager_id" FROM "properties" WHERE "properties"."id" = "messages"."property_id");--> statement-breakpoint
UPDATE "visit_requests" SET "follow_up" = (CASE "status" WHEN 'confirmed' THEN 'visit_planned' WHEN 'done' THEN 'closed' WHEN 'cancelled' THEN 'dropped' ELSE 'new' END)::"follow_up",
  "contacted_at" = CASE WHEN "status" <> 'new' THEN "updated_at" END,
  "assignee_id" = (SELECT "manager_id" FROM "properties" WHERE "properties"."id" = "visit_requests"."property_id");
