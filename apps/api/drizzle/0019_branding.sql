CREATE TABLE "organisation_logos" (
	"id" serial PRIMARY KEY NOT NULL,
	"mime_type" text NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organisation" ADD COLUMN "logo_file_id" integer;--> statement-breakpoint
ALTER TABLE "organisation" ADD COLUMN "primary_colour" text DEFAULT '#0b2d5b' NOT NULL;--> statement-breakpoint
ALTER TABLE "organisation" ADD COLUMN "accessibility_email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "organisation" ADD COLUMN "accessibility_phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "organisation" ADD COLUMN "accessibility_response_days" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "organisation" ADD COLUMN "accessibility_complaints_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "organisation" ADD CONSTRAINT "organisation_logo_file_id_organisation_logos_id_fk" FOREIGN KEY ("logo_file_id") REFERENCES "public"."organisation_logos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation" ADD CONSTRAINT "organisation_primary_colour_format" CHECK ("organisation"."primary_colour" ~ '^#[0-9a-f]{6}$');