-- Written by hand: drizzle-kit cannot express an EXCLUDE constraint (DESIGN §2).
-- Two active bookings (valid or not-yet-deleted holds, confirmed, checked in) of one desk never overlap;
-- a change-hold shares the group_key of the appointment it replaces, so those two may.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_no_overlap"
  EXCLUDE USING gist ("desk_id" WITH =, "during" WITH &&, "group_key" WITH <>)
  WHERE ("status" IN ('reserved', 'confirmed', 'checked_in'));--> statement-breakpoint
-- Window queries: a desk's bookings by start time, and expired holds by status and validity.
CREATE INDEX "appointments_desk_start_idx" ON "appointments" USING btree ("desk_id", lower("during"));--> statement-breakpoint
CREATE INDEX "appointments_status_valid_till_idx" ON "appointments" USING btree ("status", "valid_till");
