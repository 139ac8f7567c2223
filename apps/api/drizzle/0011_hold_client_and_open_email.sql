-- Limits against abuse (DESIGN §6, decisions 0321–0322). Holds made before this migration have no client
-- key and are simply not counted; they run out within HOLD_MAX_MINUTES. Numbered 0011 because 0009 and
-- 0010 were taken by work landing beside this one.
ALTER TABLE "appointments" ADD COLUMN "client_key" text;--> statement-breakpoint
CREATE INDEX "appointments_client_key_idx" ON "appointments" USING btree ("client_key") WHERE "appointments"."client_key" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "appointments_open_email_idx" ON "appointments" USING btree (lower("email"),lower("during")) WHERE "appointments"."status" = 'confirmed';