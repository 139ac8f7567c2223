-- DESIGN §6 (issue 18): the client key of a hold and the index the e-mail limit counts with (decisions
-- 0321–0322), and the schedule version raised by every write to the set-up (decision 0323). Holds made
-- before this migration have no client key and are not counted; they run out within minutes.
ALTER TABLE "appointments" ADD COLUMN "client_key" text;--> statement-breakpoint
CREATE INDEX "appointments_client_key_idx" ON "appointments" USING btree ("client_key") WHERE "appointments"."client_key" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "appointments_open_email_idx" ON "appointments" USING btree (lower("email"),lower("during")) WHERE "appointments"."status" = 'confirmed';--> statement-breakpoint
-- Every write to what the schedule cache holds raises the schedule version (decision 0323), so no
-- process's cache can outlive a change, whichever code made it (the admin routes also raise it first
-- thing in their transaction, for the lock order of decision 0151; a second raise costs nothing).
CREATE FUNCTION note_schedule_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE schedule_state SET version = version + 1 WHERE id = 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER desks_schedule_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON desks
  FOR EACH STATEMENT EXECUTE FUNCTION note_schedule_changed();--> statement-breakpoint
CREATE TRIGGER desk_opening_hours_schedule_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON desk_opening_hours
  FOR EACH STATEMENT EXECUTE FUNCTION note_schedule_changed();--> statement-breakpoint
CREATE TRIGGER closures_schedule_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON closures
  FOR EACH STATEMENT EXECUTE FUNCTION note_schedule_changed();--> statement-breakpoint
CREATE TRIGGER overflow_periods_schedule_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON overflow_periods
  FOR EACH STATEMENT EXECUTE FUNCTION note_schedule_changed();--> statement-breakpoint
CREATE TRIGGER products_schedule_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION note_schedule_changed();
