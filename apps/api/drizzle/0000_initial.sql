CREATE TABLE "languages" (
	"id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"description" text NOT NULL,
	"short" text NOT NULL,
	"flag" text,
	"icon" text,
	"square_icon" text,
	CONSTRAINT "languages_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"initials" text,
	"suffix" text,
	"phone" text,
	"relation" text,
	"roles" text[] DEFAULT ARRAY['ROLE_USER']::text[] NOT NULL,
	"language_id" integer,
	"ui_locale" text,
	"birth_day" date,
	"service_book_nr" text,
	"card_number" text,
	"timezone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"nonce" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_reset_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"family_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rotated_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "refresh_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "member_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"card_number" text NOT NULL,
	"description" text,
	"valid_from" date,
	"valid_until" date
);
--> statement-breakpoint
CREATE TABLE "qualifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"issued_on" date,
	"expires_on" date
);
--> statement-breakpoint
CREATE TABLE "sailing_times" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"vessel" text NOT NULL,
	"function" text,
	"from_date" date NOT NULL,
	"until_date" date,
	"days" integer
);
--> statement-breakpoint
CREATE TABLE "service_books" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"number" text NOT NULL,
	"issued_on" date,
	"expires_on" date
);
--> statement-breakpoint
CREATE TABLE "closures" (
	"id" serial PRIMARY KEY NOT NULL,
	"desk_id" integer,
	"date" date NOT NULL,
	"type" text NOT NULL,
	"from_time" time,
	"until_time" time,
	"reason" text,
	CONSTRAINT "closures_type" CHECK ("closures"."type" IN ('whole_day', 'partial')),
	CONSTRAINT "closures_times" CHECK (("closures"."type" = 'whole_day' AND "closures"."from_time" IS NULL AND "closures"."until_time" IS NULL)
        OR ("closures"."type" = 'partial' AND "closures"."from_time" IS NOT NULL AND "closures"."until_time" IS NOT NULL AND "closures"."from_time" < "closures"."until_time"))
);
--> statement-breakpoint
CREATE TABLE "desk_opening_hours" (
	"id" serial PRIMARY KEY NOT NULL,
	"desk_id" integer NOT NULL,
	"weekday" smallint NOT NULL,
	"opens" time NOT NULL,
	"closes" time NOT NULL,
	CONSTRAINT "desk_opening_hours_weekday_range" CHECK ("desk_opening_hours"."weekday" BETWEEN 1 AND 7),
	CONSTRAINT "desk_opening_hours_order" CHECK ("desk_opening_hours"."opens" < "desk_opening_hours"."closes")
);
--> statement-breakpoint
CREATE TABLE "desks" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"label" text,
	"active" boolean DEFAULT true NOT NULL,
	"overflow_morning" smallint DEFAULT 0 NOT NULL,
	"overflow_afternoon" smallint DEFAULT 0 NOT NULL,
	"overflow_evening" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "desks_overflow_morning_range" CHECK ("desks"."overflow_morning" BETWEEN 0 AND 100),
	CONSTRAINT "desks_overflow_afternoon_range" CHECK ("desks"."overflow_afternoon" BETWEEN 0 AND 100),
	CONSTRAINT "desks_overflow_evening_range" CHECK ("desks"."overflow_evening" BETWEEN 0 AND 100)
);
--> statement-breakpoint
CREATE TABLE "overflow_periods" (
	"id" serial PRIMARY KEY NOT NULL,
	"desk_id" integer NOT NULL,
	"from_date" date NOT NULL,
	"until_date" date NOT NULL,
	"morning" smallint DEFAULT 0 NOT NULL,
	"afternoon" smallint DEFAULT 0 NOT NULL,
	"evening" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "overflow_periods_order" CHECK ("overflow_periods"."from_date" <= "overflow_periods"."until_date"),
	CONSTRAINT "overflow_periods_morning_range" CHECK ("overflow_periods"."morning" BETWEEN 0 AND 100),
	CONSTRAINT "overflow_periods_afternoon_range" CHECK ("overflow_periods"."afternoon" BETWEEN 0 AND 100),
	CONSTRAINT "overflow_periods_evening_range" CHECK ("overflow_periods"."evening" BETWEEN 0 AND 100)
);
--> statement-breakpoint
CREATE TABLE "product_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"notice" text DEFAULT '' NOT NULL,
	"time_unit" integer NOT NULL,
	"extra_time_unit" integer DEFAULT 0 NOT NULL,
	"max_amount" integer DEFAULT 10 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_time_unit_positive" CHECK ("products"."time_unit" > 0),
	CONSTRAINT "products_extra_time_unit_nonnegative" CHECK ("products"."extra_time_unit" >= 0),
	CONSTRAINT "products_max_amount_positive" CHECK ("products"."max_amount" >= 1)
);
--> statement-breakpoint
CREATE TABLE "appointment_items" (
	"appointment_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"amount" integer NOT NULL,
	CONSTRAINT "appointment_items_appointment_id_product_id_pk" PRIMARY KEY("appointment_id","product_id"),
	CONSTRAINT "appointment_items_amount_positive" CHECK ("appointment_items"."amount" >= 1)
);
--> statement-breakpoint
CREATE TABLE "appointments" (
	"id" serial PRIMARY KEY NOT NULL,
	"reservation_id" uuid NOT NULL,
	"status" text NOT NULL,
	"valid_till" timestamp with time zone,
	"desk_id" integer NOT NULL,
	"during" "tstzrange" NOT NULL,
	"group_key" uuid NOT NULL,
	"replaces_appointment_id" integer,
	"user_id" integer,
	"initials" text,
	"suffix" text,
	"last_name" text,
	"email" text,
	"phone" text,
	"language" text DEFAULT 'nl' NOT NULL,
	"token_hash" text,
	"token_nonce" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"checked_in_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"reminder_sent_at" timestamp with time zone,
	"sequence" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "appointments_reservation_id_unique" UNIQUE("reservation_id"),
	CONSTRAINT "appointments_status" CHECK ("appointments"."status" IN ('reserved', 'confirmed', 'checked_in', 'cancelled')),
	CONSTRAINT "appointments_language" CHECK ("appointments"."language" IN ('nl', 'en', 'de')),
	CONSTRAINT "appointments_hold_valid_till" CHECK ("appointments"."status" <> 'reserved' OR "appointments"."valid_till" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "audit_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_user_id" integer,
	"action" text NOT NULL,
	"subject_type" text,
	"subject_id" text,
	"ip" text,
	"details" jsonb
);
--> statement-breakpoint
CREATE TABLE "rate_limit_hits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"bucket" text NOT NULL,
	"key" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_language_id_languages_id_fk" FOREIGN KEY ("language_id") REFERENCES "public"."languages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_cards" ADD CONSTRAINT "member_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qualifications" ADD CONSTRAINT "qualifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sailing_times" ADD CONSTRAINT "sailing_times_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_books" ADD CONSTRAINT "service_books_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "closures" ADD CONSTRAINT "closures_desk_id_desks_id_fk" FOREIGN KEY ("desk_id") REFERENCES "public"."desks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "desk_opening_hours" ADD CONSTRAINT "desk_opening_hours_desk_id_desks_id_fk" FOREIGN KEY ("desk_id") REFERENCES "public"."desks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "overflow_periods" ADD CONSTRAINT "overflow_periods_desk_id_desks_id_fk" FOREIGN KEY ("desk_id") REFERENCES "public"."desks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_files" ADD CONSTRAINT "product_files_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_product_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."product_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_items" ADD CONSTRAINT "appointment_items_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_items" ADD CONSTRAINT "appointment_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_desk_id_desks_id_fk" FOREIGN KEY ("desk_id") REFERENCES "public"."desks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_replaces_appointment_id_appointments_id_fk" FOREIGN KEY ("replaces_appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_user_idx" ON "password_reset_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_user_idx" ON "refresh_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "member_cards_user_idx" ON "member_cards" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "qualifications_user_idx" ON "qualifications" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sailing_times_user_idx" ON "sailing_times" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "service_books_user_idx" ON "service_books" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "closures_date_idx" ON "closures" USING btree ("date");--> statement-breakpoint
CREATE INDEX "closures_desk_idx" ON "closures" USING btree ("desk_id");--> statement-breakpoint
CREATE INDEX "desk_opening_hours_desk_idx" ON "desk_opening_hours" USING btree ("desk_id");--> statement-breakpoint
CREATE INDEX "overflow_periods_desk_idx" ON "overflow_periods" USING btree ("desk_id");--> statement-breakpoint
CREATE INDEX "product_files_product_idx" ON "product_files" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "appointment_items_product_idx" ON "appointment_items" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "appointments_token_hash_idx" ON "appointments" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "appointments_user_idx" ON "appointments" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "appointments_replaces_idx" ON "appointments" USING btree ("replaces_appointment_id");--> statement-breakpoint
CREATE INDEX "outbox_pending_idx" ON "outbox" USING btree ("next_attempt_at") WHERE "outbox"."sent_at" IS NULL;--> statement-breakpoint
CREATE INDEX "audit_events_at_idx" ON "audit_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_events_actor_idx" ON "audit_events" USING btree ("actor_user_id");--> statement-breakpoint
CREATE INDEX "rate_limit_hits_lookup_idx" ON "rate_limit_hits" USING btree ("bucket","key","at");