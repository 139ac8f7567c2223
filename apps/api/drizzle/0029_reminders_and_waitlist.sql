CREATE TABLE "waitlist_matcher" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"leased_until" timestamp with time zone,
	"leased_by" text,
	"again" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "waitlist_offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"place_id" integer NOT NULL,
	"appointment_id" integer,
	"desk_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"valid_till" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"token_hash" text,
	"token_nonce" text,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "waitlist_offers_status" CHECK ("waitlist_offers"."status" IN ('open', 'declined', 'lapsed', 'booked', 'withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "waitlist_places" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text,
	"language" text DEFAULT 'nl' NOT NULL,
	"items" jsonb NOT NULL,
	"location_id" integer,
	"from_date" date NOT NULL,
	"until_date" date NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"user_id" integer,
	"token_hash" text,
	"token_nonce" text,
	"created_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"erased_at" timestamp with time zone,
	CONSTRAINT "waitlist_places_status" CHECK ("waitlist_places"."status" IN ('pending', 'active', 'left', 'booked', 'ended')),
	CONSTRAINT "waitlist_places_days" CHECK ("waitlist_places"."from_date" <= "waitlist_places"."until_date")
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "visitor_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "organisation" ADD COLUMN "reminders" jsonb DEFAULT '[{"hoursBefore":24}]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "statistics_parts" ADD COLUMN "confirmed_checked_in" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "statistics_parts" ADD COLUMN "confirmed_no_show" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_place_id_waitlist_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."waitlist_places"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_places" ADD CONSTRAINT "waitlist_places_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_places" ADD CONSTRAINT "waitlist_places_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_offers_one_open_per_place" ON "waitlist_offers" USING btree ("place_id") WHERE "waitlist_offers"."status" = 'open';--> statement-breakpoint
CREATE INDEX "waitlist_offers_token_idx" ON "waitlist_offers" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "waitlist_offers_appointment_idx" ON "waitlist_offers" USING btree ("appointment_id");--> statement-breakpoint
CREATE INDEX "waitlist_places_token_idx" ON "waitlist_places" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "waitlist_places_line_idx" ON "waitlist_places" USING btree ("confirmed_at") WHERE "waitlist_places"."status" = 'active';--> statement-breakpoint
CREATE INDEX "waitlist_places_email_idx" ON "waitlist_places" USING btree (lower("email")) WHERE "waitlist_places"."status" IN ('pending', 'active');--> statement-breakpoint
-- The roll-up counts the visitors who said "Ik kom" (DESIGN §4c): their answer makes the day dirty too.
DROP TRIGGER statistics_appointment_updated ON appointments;--> statement-breakpoint
CREATE TRIGGER statistics_appointment_updated AFTER UPDATE ON appointments
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.during IS DISTINCT FROM NEW.during
                     OR OLD.desk_id IS DISTINCT FROM NEW.desk_id OR OLD.created_at IS DISTINCT FROM NEW.created_at
                     OR OLD.visitor_confirmed_at IS DISTINCT FROM NEW.visitor_confirmed_at)
  EXECUTE FUNCTION statistics_mark_appointment_day();
--> statement-breakpoint
INSERT INTO "waitlist_matcher" ("id") VALUES (1);