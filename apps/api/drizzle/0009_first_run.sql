-- First run and registration (issue 17, decisions 0301, 0303). Existing installations keep registration open
-- with all three extra fields, as their register form asked until now; /setup starts new ones with none.
CREATE TABLE "setup_token" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"nonce" text,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "setup_token_single_row" CHECK ("setup_token"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "organisation" ADD COLUMN "registration_open" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "organisation" ADD COLUMN "register_fields" text[] DEFAULT ARRAY['birthDay', 'serviceBookNr', 'cardNumber']::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "organisation" ADD CONSTRAINT "organisation_register_fields_known" CHECK ("organisation"."register_fields" <@ ARRAY['birthDay', 'serviceBookNr', 'cardNumber']::text[]);