CREATE TABLE "statistics_channels" (
	"day" date NOT NULL,
	"location_id" integer NOT NULL,
	"desk_id" integer NOT NULL,
	"channel" text NOT NULL,
	"client_id" integer NOT NULL,
	"booked" integer DEFAULT 0 NOT NULL,
	"checked_in" integer DEFAULT 0 NOT NULL,
	"no_show" integer DEFAULT 0 NOT NULL,
	"cancelled" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "integration_bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" integer NOT NULL,
	"request_key" text NOT NULL,
	"appointment_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "channel" text DEFAULT 'web' NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "integration_client_id" integer;--> statement-breakpoint
ALTER TABLE "statistics_channels" ADD CONSTRAINT "statistics_channels_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statistics_channels" ADD CONSTRAINT "statistics_channels_desk_id_desks_id_fk" FOREIGN KEY ("desk_id") REFERENCES "public"."desks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_bookings" ADD CONSTRAINT "integration_bookings_client_id_integration_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."integration_clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_bookings" ADD CONSTRAINT "integration_bookings_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "statistics_channels_day_idx" ON "statistics_channels" USING btree ("day");--> statement-breakpoint
CREATE UNIQUE INDEX "integration_bookings_request_key" ON "integration_bookings" USING btree ("client_id","request_key");--> statement-breakpoint
CREATE INDEX "integration_bookings_appointment_idx" ON "integration_bookings" USING btree ("appointment_id");--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_integration_client_id_integration_clients_id_fk" FOREIGN KEY ("integration_client_id") REFERENCES "public"."integration_clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_channel" CHECK ("appointments"."channel" IN ('web', 'desk', 'integration'));--> statement-breakpoint
-- Existing appointments came through the booking page (the column's default, 'web'; decision 0481). The
-- days already rolled up get their statistics_channels rows here, from the same appointments the roll-up
-- counted (each marker holds its day's bounds in the provider's zone); dirty days get them at their roll-up.
INSERT INTO "statistics_channels" (day, location_id, desk_id, channel, client_id, booked, checked_in, no_show, cancelled)
SELECT d.day, dk.location_id, a.desk_id, a.channel, coalesce(a.integration_client_id, 0),
       count(*) FILTER (WHERE a.status <> 'cancelled'), count(*) FILTER (WHERE a.status = 'checked_in'),
       count(*) FILTER (WHERE a.status = 'no_show'), count(*) FILTER (WHERE a.status = 'cancelled')
  FROM "statistics_days" d
  JOIN "appointments" a ON lower(a.during) >= d.starts_at AND lower(a.during) < d.ends_at
  JOIN "desks" dk ON dk.id = a.desk_id
 WHERE NOT d.dirty AND a.status IN ('confirmed', 'checked_in', 'no_show', 'cancelled')
 GROUP BY 1, 2, 3, 4, 5;
