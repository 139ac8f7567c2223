CREATE TABLE "webhooks" (
	"id" serial PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"events" text[] NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"secret_cipher" text NOT NULL,
	"previous_secret_cipher" text,
	"previous_secret_until" timestamp with time zone,
	"active" boolean DEFAULT true NOT NULL,
	"paused_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_user_id" integer,
	CONSTRAINT "webhooks_paused_reason" CHECK (("webhooks"."active" AND "webhooks"."paused_reason" IS NULL) OR (NOT "webhooks"."active" AND "webhooks"."paused_reason" IN ('admin', 'failing', 'gone')))
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "webhook_id" integer;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "ordering_key" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "last_status" integer;--> statement-breakpoint
ALTER TABLE "organisation" ADD COLUMN "oin" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_webhook_id_webhooks_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."webhooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_webhook_idx" ON "outbox" USING btree ("webhook_id","id");--> statement-breakpoint
CREATE INDEX "outbox_ordering_idx" ON "outbox" USING btree ("ordering_key","id") WHERE "outbox"."sent_at" IS NULL;--> statement-breakpoint
ALTER TABLE "organisation" ADD CONSTRAINT "organisation_oin_format" CHECK ("organisation"."oin" = '' OR "organisation"."oin" ~ '^[0-9]{20}$');