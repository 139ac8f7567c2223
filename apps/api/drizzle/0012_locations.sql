CREATE TABLE "locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"street" text DEFAULT '' NOT NULL,
	"postcode" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"notice" text DEFAULT '' NOT NULL,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "desk_products" (
	"desk_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	CONSTRAINT "desk_products_desk_id_product_id_pk" PRIMARY KEY("desk_id","product_id")
);
--> statement-breakpoint
ALTER TABLE "closures" ADD COLUMN "location_id" integer;--> statement-breakpoint
ALTER TABLE "desks" ADD COLUMN "location_id" integer;--> statement-breakpoint
-- Existing data moves forward (DESIGN §4b): one location from the organisation's address holds every desk,
-- and every desk keeps serving every product, so nothing visible changes until a second location exists.
-- A fresh database gets the same single location, so that POST /desks always has a first location.
INSERT INTO "locations" ("name", "street", "postcode", "city", "phone")
  SELECT COALESCE(NULLIF("name", ''), 'Hoofdlocatie'), "street", "postcode", "city", "phone" FROM "organisation" WHERE "id" = 1;--> statement-breakpoint
INSERT INTO "locations" ("name") SELECT 'Hoofdlocatie' WHERE NOT EXISTS (SELECT 1 FROM "locations");--> statement-breakpoint
UPDATE "desks" SET "location_id" = (SELECT min("id") FROM "locations");--> statement-breakpoint
ALTER TABLE "desks" ALTER COLUMN "location_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "desks" ADD COLUMN "serves_all_products" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "desk_products" ADD CONSTRAINT "desk_products_desk_id_desks_id_fk" FOREIGN KEY ("desk_id") REFERENCES "public"."desks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "desk_products" ADD CONSTRAINT "desk_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "locations_position_idx" ON "locations" USING btree ("position","id");--> statement-breakpoint
CREATE INDEX "desk_products_product_idx" ON "desk_products" USING btree ("product_id");--> statement-breakpoint
ALTER TABLE "closures" ADD CONSTRAINT "closures_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "desks" ADD CONSTRAINT "desks_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "desks_location_idx" ON "desks" USING btree ("location_id");--> statement-breakpoint
ALTER TABLE "closures" ADD CONSTRAINT "closures_one_scope" CHECK ("closures"."desk_id" IS NULL OR "closures"."location_id" IS NULL);