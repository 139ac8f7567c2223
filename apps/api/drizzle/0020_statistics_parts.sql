CREATE TABLE "statistics_parts" (
	"day" date NOT NULL,
	"location_id" integer NOT NULL,
	"desk_id" integer,
	"day_part" smallint NOT NULL,
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
	"hours" smallint[] DEFAULT '{}'::smallint[] NOT NULL,
	"open_by_hour" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"booked_by_hour" integer[] DEFAULT '{}'::integer[] NOT NULL,
	CONSTRAINT "statistics_parts_key" UNIQUE NULLS NOT DISTINCT("day","location_id","desk_id","day_part"),
	CONSTRAINT "statistics_parts_day_part" CHECK ("statistics_parts"."day_part" BETWEEN 0 AND 2)
);
--> statement-breakpoint
ALTER TABLE "statistics_days" ADD COLUMN "live" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "statistics_parts" ADD CONSTRAINT "statistics_parts_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statistics_parts" ADD CONSTRAINT "statistics_parts_desk_id_desks_id_fk" FOREIGN KEY ("desk_id") REFERENCES "public"."desks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Written by hand (decision 0406): the days already rolled up move to statistics_parts as they are — not
-- rolled up again, since a roll-up freezes a day's open minutes (decision 0400) — one row per day,
-- location, desk and day part from the hour rows, the hours with open or booked minutes as arrays. Then
-- the hour rows go (drizzle-kit put the DROP before the CREATE; it is moved here, after the copy).
INSERT INTO "statistics_parts" ("day", "location_id", "desk_id", "day_part", "booked", "checked_in", "no_show",
    "cancelled", "walk_ins", "walk_in_minutes", "no_show_minutes", "open_minutes", "booked_minutes", "lead_0",
    "lead_1", "lead_2_3", "lead_4_7", "lead_8_14", "lead_15_30", "lead_31", "hours", "open_by_hour", "booked_by_hour")
SELECT "day", "location_id", "desk_id", (("hour" >= 12)::int + ("hour" >= 17)::int)::smallint,
       sum("booked"), sum("checked_in"), sum("no_show"), sum("cancelled"), sum("walk_ins"), sum("walk_in_minutes"),
       sum("no_show_minutes"), sum("open_minutes"), sum("booked_minutes"), sum("lead_0"), sum("lead_1"),
       sum("lead_2_3"), sum("lead_4_7"), sum("lead_8_14"), sum("lead_15_30"), sum("lead_31"),
       coalesce(array_agg("hour" ORDER BY "hour") FILTER (WHERE "open_minutes" > 0 OR "booked_minutes" > 0), '{}'),
       coalesce(array_agg("open_minutes" ORDER BY "hour") FILTER (WHERE "open_minutes" > 0 OR "booked_minutes" > 0), '{}'),
       coalesce(array_agg("booked_minutes" ORDER BY "hour") FILTER (WHERE "open_minutes" > 0 OR "booked_minutes" > 0), '{}')
  FROM "statistics_hours"
 GROUP BY "day", "location_id", "desk_id", 4;--> statement-breakpoint
DROP TABLE "statistics_hours" CASCADE;--> statement-breakpoint
-- The reads plan on fresh planner statistics at once (PGlite has no autovacuum to gather them).
ANALYZE "statistics_parts";--> statement-breakpoint
-- Written by hand (decision 0406): the triggers of 0018 left every dirty marker alone, so a change to a
-- past day that was being rolled up (claimed, not yet committed) saw it still dirty, did not wait, and
-- was lost when the roll-up committed it clean. Now only today's marker (live and dirty) is left alone;
-- any other is written, which waits for a roll-up that holds it and marks it dirty after.
UPDATE "statistics_days" SET "live" = true WHERE "ends_at" > now();--> statement-breakpoint
CREATE OR REPLACE FUNCTION statistics_mark_appointment_day() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE statistics_days SET dirty = true
     WHERE starts_at <= lower(OLD.during) AND lower(OLD.during) < ends_at AND NOT (dirty AND live);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    UPDATE statistics_days SET dirty = true
     WHERE starts_at <= lower(NEW.during) AND lower(NEW.during) < ends_at AND NOT (dirty AND live);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION statistics_mark_queue_day() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE statistics_days SET dirty = true WHERE day = OLD.day AND NOT (dirty AND live);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    UPDATE statistics_days SET dirty = true WHERE day = NEW.day AND NOT (dirty AND live);
  END IF;
  RETURN NULL;
END $$;
