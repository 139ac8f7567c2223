CREATE TABLE "organisation" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"street" text DEFAULT '' NOT NULL,
	"postcode" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"website" text DEFAULT '' NOT NULL,
	CONSTRAINT "organisation_single_row" CHECK ("organisation"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "schedule_state" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "schedule_state_single_row" CHECK ("schedule_state"."id" = 1)
);
--> statement-breakpoint
-- Both tables hold exactly one row from the start: reads and updates never need to create it.
INSERT INTO "organisation" ("id") VALUES (1);--> statement-breakpoint
INSERT INTO "schedule_state" ("id") VALUES (1);
