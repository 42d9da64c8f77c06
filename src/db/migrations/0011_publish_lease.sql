CREATE TABLE "publish_lease" (
	"name" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"step" text,
	"progress" double precision,
	"again_actor_id" integer,
	"again_actor_name" text
);
