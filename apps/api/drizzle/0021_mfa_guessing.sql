ALTER TABLE "users" ADD COLUMN "mfa_blocked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mfa_sign_ins" integer DEFAULT 0 NOT NULL;