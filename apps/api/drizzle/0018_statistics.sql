CREATE TABLE "statistics_days" (
	"day" date PRIMARY KEY NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"dirty" boolean DEFAULT true NOT NULL,
	"rolled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "statistics_hours" (
	"day" date NOT NULL,
	"location_id" integer NOT NULL,
	"desk_id" integer,
	"hour" smallint NOT NULL,
	"booked" integer DEFAULT 0 NOT NULL,
	"checked_in" integer DEFAULT 0 NOT NULL,
	"no_show" integer DEFAULT 0 NOT NULL,
	"cancelled" integer DEFAULT 0 NOT NULL,
	"walk_ins" integer DEFAULT 0 NOT NULL,
	"walk_in_minutes" integer DEFAULT 0 NOT NULL,
	"no_show_minutes" integer DEFAULT 0 NOT NULL,
	"open_minutes" integer DEFAULT 0 NOT NULL,
	"booked_minutes" integer DEFAULT 0 NOT NULL,
	"lead_0" integer DEFAULT 0 NOT NULL,
	"lead_1" integer DEFAULT 0 NOT NULL,
	"lead_2_3" integer DEFAULT 0 NOT NULL,
	"lead_4_7" integer DEFAULT 0 NOT NULL,
	"lead_8_14" integer DEFAULT 0 NOT NULL,
	"lead_15_30" integer DEFAULT 0 NOT NULL,
	"lead_31" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "statistics_hours_hour" CHECK ("statistics_hours"."hour" BETWEEN 0 AND 23)
);
--> statement-breakpoint
CREATE TABLE "statistics_products" (
	"day" date NOT NULL,
	"location_id" integer NOT NULL,
	"desk_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"booked" integer DEFAULT 0 NOT NULL,
	"checked_in" integer DEFAULT 0 NOT NULL,
	"no_show" integer DEFAULT 0 NOT NULL,
	"cancelled" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "statistics_waits" (
	"day" date NOT NULL,
	"day_part" text,
	"scope" text NOT NULL,
	"location_id" integer,
	"desk_id" integer,
	"wait_median" real,
	"wait_p90" real,
	"wait_count" integer DEFAULT 0 NOT NULL,
	"service_median" real,
	"service_p90" real,
	"service_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "statistics_waits_scope" CHECK ("statistics_waits"."scope" IN ('all', 'location', 'desk'))
);
--> statement-breakpoint
ALTER TABLE "statistics_hours" ADD CONSTRAINT "statistics_hours_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statistics_hours" ADD CONSTRAINT "statistics_hours_desk_id_desks_id_fk" FOREIGN KEY ("desk_id") REFERENCES "public"."desks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statistics_products" ADD CONSTRAINT "statistics_products_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statistics_products" ADD CONSTRAINT "statistics_products_desk_id_desks_id_fk" FOREIGN KEY ("desk_id") REFERENCES "public"."desks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statistics_products" ADD CONSTRAINT "statistics_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statistics_waits" ADD CONSTRAINT "statistics_waits_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statistics_waits" ADD CONSTRAINT "statistics_waits_desk_id_desks_id_fk" FOREIGN KEY ("desk_id") REFERENCES "public"."desks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "statistics_days_starts_idx" ON "statistics_days" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "statistics_hours_day_idx" ON "statistics_hours" USING btree ("day");--> statement-breakpoint
CREATE INDEX "statistics_products_day_idx" ON "statistics_products" USING btree ("day");--> statement-breakpoint
CREATE INDEX "statistics_waits_scope_day_idx" ON "statistics_waits" USING btree ("scope","day");--> statement-breakpoint
-- Written by hand (decision 0400): a change to an appointment or a queue entry of a day already rolled up
-- marks that day dirty, so the next statistics call rolls it up again. Only rows of days with a clean
-- marker are touched (past days): today's and future days' writes lock nothing.
CREATE FUNCTION statistics_mark_appointment_day() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE statistics_days SET dirty = true
     WHERE starts_at <= lower(OLD.during) AND lower(OLD.during) < ends_at AND NOT dirty;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    UPDATE statistics_days SET dirty = true
     WHERE starts_at <= lower(NEW.during) AND lower(NEW.during) < ends_at AND NOT dirty;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER statistics_appointment_inserted AFTER INSERT ON appointments
  FOR EACH ROW WHEN (NEW.status <> 'reserved') EXECUTE FUNCTION statistics_mark_appointment_day();--> statement-breakpoint
CREATE TRIGGER statistics_appointment_updated AFTER UPDATE ON appointments
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.during IS DISTINCT FROM NEW.during
                     OR OLD.desk_id IS DISTINCT FROM NEW.desk_id OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION statistics_mark_appointment_day();--> statement-breakpoint
CREATE TRIGGER statistics_appointment_deleted AFTER DELETE ON appointments
  FOR EACH ROW WHEN (OLD.status <> 'reserved') EXECUTE FUNCTION statistics_mark_appointment_day();--> statement-breakpoint
CREATE FUNCTION statistics_mark_queue_day() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE statistics_days SET dirty = true WHERE day = OLD.day AND NOT dirty;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    UPDATE statistics_days SET dirty = true WHERE day = NEW.day AND NOT dirty;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER statistics_queue_entry_changed AFTER INSERT OR UPDATE OR DELETE ON queue_entries
  FOR EACH ROW EXECUTE FUNCTION statistics_mark_queue_day();
