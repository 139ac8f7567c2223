ALTER TABLE "appointments" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "content" jsonb;--> statement-breakpoint
ALTER TABLE "organisation" ADD COLUMN "retention_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "organisation" ADD COLUMN "privacy_statement" jsonb DEFAULT '{"nl":"","en":"","de":""}'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "appointments_not_erased_idx" ON "appointments" USING btree (upper("during")) WHERE "appointments"."erased_at" IS NULL;--> statement-breakpoint
ALTER TABLE "organisation" ADD CONSTRAINT "organisation_retention_days" CHECK ("organisation"."retention_days" BETWEEN 7 AND 3650);