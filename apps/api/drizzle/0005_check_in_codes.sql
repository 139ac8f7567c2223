ALTER TABLE "appointments" DROP CONSTRAINT "appointments_status";--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "check_in_code" text;--> statement-breakpoint
-- Backfill (added by hand): every confirmed or checked-in appointment gets a code from the alphabet
-- without look-alikes (DESIGN §4); rows whose code an earlier row already holds draw again until none do.
DO $$
BEGIN
  LOOP
    UPDATE "appointments" a
       SET "check_in_code" = (
         SELECT string_agg(substr('23456789ABCDEFGHJKMNPQRSTUVWXYZ', 1 + floor(random() * 31)::int, 1), '')
           FROM generate_series(1, 8 + 0 * a."id")
       )
     WHERE a."status" IN ('confirmed', 'checked_in')
       AND (a."check_in_code" IS NULL OR EXISTS (
         SELECT 1 FROM "appointments" b
          WHERE b."check_in_code" = a."check_in_code" AND b."id" < a."id"
            AND b."status" IN ('confirmed', 'checked_in')));
    EXIT WHEN NOT FOUND;
  END LOOP;
END $$;--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_check_in_code_active" ON "appointments" USING btree ("check_in_code") WHERE "appointments"."status" IN ('confirmed', 'checked_in');--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_status" CHECK ("appointments"."status" IN ('reserved', 'confirmed', 'checked_in', 'no_show', 'cancelled'));
