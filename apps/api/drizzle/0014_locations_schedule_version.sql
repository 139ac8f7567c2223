-- Locations (which are active) and the products each desk serves are part of what the schedule cache
-- holds since migration 0012 (DESIGN §4b): every write to them raises the schedule version too, as the
-- triggers of migration 0010 do for the other set-up tables (decision 0323), so no process's cache can
-- outlive a change, whichever code made it.
CREATE TRIGGER locations_schedule_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON locations
  FOR EACH STATEMENT EXECUTE FUNCTION note_schedule_changed();--> statement-breakpoint
CREATE TRIGGER desk_products_schedule_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON desk_products
  FOR EACH STATEMENT EXECUTE FUNCTION note_schedule_changed();
