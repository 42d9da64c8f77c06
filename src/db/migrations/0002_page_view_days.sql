CREATE TABLE "page_view_days" (
	"day" date NOT NULL,
	"path" text NOT NULL,
	"views" integer NOT NULL,
	"visitors" integer NOT NULL,
	CONSTRAINT "page_view_days_day_path_pk" PRIMARY KEY("day","path")
);
--> statement-breakpoint
CREATE TABLE "visit_days" (
	"day" date PRIMARY KEY NOT NULL,
	"visits" integer NOT NULL,
	"bounces" integer NOT NULL,
	"seconds" integer NOT NULL,
	"visitors" integer NOT NULL,
	"page_views" integer NOT NULL
);
