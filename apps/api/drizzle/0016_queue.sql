CREATE TABLE "queue_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"location_id" integer NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"appointment_id" integer,
	"walk_in_number" smallint,
	"minutes" integer NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"checked_in_at" timestamp with time zone NOT NULL,
	"called_at" timestamp with time zone,
	"served_at" timestamp with time zone,
	"desk_id" integer,
	"called_by_user_id" integer,
	CONSTRAINT "queue_entries_state" CHECK ("queue_entries"."state" IN ('waiting', 'called', 'served', 'no_show')),
	CONSTRAINT "queue_entries_kind" CHECK ("queue_entries"."kind" IN ('appointment', 'walk_in')),
	CONSTRAINT "queue_entries_walk_in_number" CHECK (("queue_entries"."kind" = 'walk_in') = ("queue_entries"."walk_in_number" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "queue_entry_items" (
	"entry_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"amount" integer NOT NULL,
	CONSTRAINT "queue_entry_items_entry_id_product_id_pk" PRIMARY KEY("entry_id","product_id")
);
--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "display_key_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "queue_entries" ADD CONSTRAINT "queue_entries_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_entries" ADD CONSTRAINT "queue_entries_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_entries" ADD CONSTRAINT "queue_entries_desk_id_desks_id_fk" FOREIGN KEY ("desk_id") REFERENCES "public"."desks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_entries" ADD CONSTRAINT "queue_entries_called_by_user_id_users_id_fk" FOREIGN KEY ("called_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_entry_items" ADD CONSTRAINT "queue_entry_items_entry_id_queue_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."queue_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_entry_items" ADD CONSTRAINT "queue_entry_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "queue_entries_waiting_idx" ON "queue_entries" USING btree ("location_id","day","state","due_at");--> statement-breakpoint
CREATE UNIQUE INDEX "queue_entries_appointment_idx" ON "queue_entries" USING btree ("appointment_id") WHERE "queue_entries"."appointment_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "queue_entries_ticket_idx" ON "queue_entries" USING btree ("location_id","day","walk_in_number") WHERE "queue_entries"."walk_in_number" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "queue_entry_items_product_idx" ON "queue_entry_items" USING btree ("product_id");