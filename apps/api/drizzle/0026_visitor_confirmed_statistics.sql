ALTER TABLE "statistics_parts" ADD COLUMN "confirmed_checked_in" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "statistics_parts" ADD COLUMN "confirmed_no_show" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The roll-up counts the visitors who said "Ik kom" (DESIGN §4c): their answer makes the day dirty too.
DROP TRIGGER statistics_appointment_updated ON appointments;--> statement-breakpoint
CREATE TRIGGER statistics_appointment_updated AFTER UPDATE ON appointments
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.during IS DISTINCT FROM NEW.during
                     OR OLD.desk_id IS DISTINCT FROM NEW.desk_id OR OLD.created_at IS DISTINCT FROM NEW.created_at
                     OR OLD.visitor_confirmed_at IS DISTINCT FROM NEW.visitor_confirmed_at)
  EXECUTE FUNCTION statistics_mark_appointment_day();
