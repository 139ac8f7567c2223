CREATE TABLE "display_streams" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"process" text NOT NULL,
	"location_id" integer NOT NULL,
	"client_key" text NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "display_streams" ADD CONSTRAINT "display_streams_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "display_streams_location_idx" ON "display_streams" USING btree ("location_id","seen_at");--> statement-breakpoint
CREATE INDEX "display_streams_client_idx" ON "display_streams" USING btree ("client_key","seen_at");--> statement-breakpoint
CREATE INDEX "display_streams_process_idx" ON "display_streams" USING btree ("process");