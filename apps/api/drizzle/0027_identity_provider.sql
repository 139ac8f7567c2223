CREATE TABLE "identity_provider" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"display_name" text DEFAULT '' NOT NULL,
	"issuer" text DEFAULT '' NOT NULL,
	"client_id" text DEFAULT '' NOT NULL,
	"client_secret" text,
	"role_claim" text DEFAULT 'roles' NOT NULL,
	"admin_values" text[] DEFAULT ARRAY[]::text[] NOT NULL,
	"staff_values" text[] DEFAULT ARRAY[]::text[] NOT NULL,
	"password_login_for_staff" boolean DEFAULT true NOT NULL,
	"admin_signed_in_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "identity_provider_single_row" CHECK ("identity_provider"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "oidc_sign_ins" (
	"id" serial PRIMARY KEY NOT NULL,
	"state_hash" text NOT NULL,
	"browser_hash" text NOT NULL,
	"nonce" text NOT NULL,
	"code_verifier" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"callback_at" timestamp with time zone,
	"handoff_hash" text,
	"handoff_used_at" timestamp with time zone,
	"user_id" integer,
	"provider_mfa" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "oidc_sign_ins_state_hash_unique" UNIQUE("state_hash"),
	CONSTRAINT "oidc_sign_ins_handoff_hash_unique" UNIQUE("handoff_hash")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "oidc_issuer" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "oidc_subject" text;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "provider_session_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "provider_mfa" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "oidc_sign_ins" ADD CONSTRAINT "oidc_sign_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "oidc_sign_ins_expires_idx" ON "oidc_sign_ins" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_oidc_subject_key" ON "users" USING btree ("oidc_issuer","oidc_subject");--> statement-breakpoint
INSERT INTO "identity_provider" ("id") VALUES (1) ON CONFLICT DO NOTHING;