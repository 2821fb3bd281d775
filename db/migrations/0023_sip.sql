CREATE TABLE "sip_instalments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plan_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"month" date NOT NULL,
	"due_date" date NOT NULL,
	"status" text NOT NULL,
	"amount" bigint NOT NULL,
	"invested" bigint DEFAULT 0 NOT NULL,
	"unspent" bigint DEFAULT 0 NOT NULL,
	"topped_up" bigint DEFAULT 0 NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"next_attempt_on" date,
	"failure_code" text,
	"failure_reason" text,
	"purchases" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"explanation" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"run_id" uuid,
	"journal_reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sip_instalments_status_check" CHECK ("sip_instalments"."status" in ('collected', 'skipped', 'retrying', 'failed')),
	CONSTRAINT "sip_instalments_amounts" CHECK ("sip_instalments"."amount" > 0 and "sip_instalments"."invested" >= 0 and "sip_instalments"."unspent" >= 0 and "sip_instalments"."invested" + "sip_instalments"."unspent" <= "sip_instalments"."amount")
);
--> statement-breakpoint
CREATE TABLE "sip_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" bigserial NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"mode" text NOT NULL,
	"amount" bigint NOT NULL,
	"day_of_month" smallint NOT NULL,
	"start_month" date NOT NULL,
	"step_up_bps" integer DEFAULT 0 NOT NULL,
	"allocations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"preferences" jsonb DEFAULT '{"cities":[],"propertyTypes":[]}'::jsonb NOT NULL,
	"currency" text DEFAULT 'AED' NOT NULL,
	"pause_reason" text,
	"mandate_provider" text,
	"mandate_ref" text,
	"mandate_label" text,
	"mandate_created_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "sip_plans_status_check" CHECK ("sip_plans"."status" in ('active', 'paused', 'cancelled')),
	CONSTRAINT "sip_plans_mode_check" CHECK ("sip_plans"."mode" in ('automated', 'manual')),
	CONSTRAINT "sip_plans_amount_min" CHECK ("sip_plans"."amount" >= 20000),
	CONSTRAINT "sip_plans_day_range" CHECK ("sip_plans"."day_of_month" between 1 and 28),
	CONSTRAINT "sip_plans_step_up_range" CHECK ("sip_plans"."step_up_bps" between 0 and 5000)
);
--> statement-breakpoint
CREATE TABLE "sip_property_settings" (
	"property_id" uuid PRIMARY KEY NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"reason" text,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sip_reminders" (
	"plan_id" uuid NOT NULL,
	"month" date NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sip_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" bigserial NOT NULL,
	"run_date" date NOT NULL,
	"trigger" text NOT NULL,
	"started_by" uuid,
	"plans" integer DEFAULT 0 NOT NULL,
	"collected" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"retrying" integer DEFAULT 0 NOT NULL,
	"amount_collected" bigint DEFAULT 0 NOT NULL,
	"amount_invested" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "sip_runs_trigger_check" CHECK ("sip_runs"."trigger" in ('schedule', 'admin'))
);
--> statement-breakpoint
CREATE TABLE "sip_scheduler" (
	"key" text PRIMARY KEY NOT NULL,
	"last_date" date NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "investments" ADD COLUMN "sip_instalment_id" uuid;--> statement-breakpoint
ALTER TABLE "sip_instalments" ADD CONSTRAINT "sip_instalments_plan_id_sip_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."sip_plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sip_instalments" ADD CONSTRAINT "sip_instalments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sip_instalments" ADD CONSTRAINT "sip_instalments_run_id_sip_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."sip_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sip_plans" ADD CONSTRAINT "sip_plans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sip_property_settings" ADD CONSTRAINT "sip_property_settings_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sip_property_settings" ADD CONSTRAINT "sip_property_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sip_reminders" ADD CONSTRAINT "sip_reminders_plan_id_sip_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."sip_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sip_runs" ADD CONSTRAINT "sip_runs_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sip_instalments_plan_month_unique" ON "sip_instalments" USING btree ("plan_id","month");--> statement-breakpoint
CREATE INDEX "sip_instalments_run_idx" ON "sip_instalments" USING btree ("run_id");--> statement-breakpoint
CREATE INDEX "sip_instalments_user_idx" ON "sip_instalments" USING btree ("user_id","month");--> statement-breakpoint
CREATE INDEX "sip_instalments_retry_idx" ON "sip_instalments" USING btree ("next_attempt_on") WHERE "sip_instalments"."status" = 'retrying';--> statement-breakpoint
CREATE UNIQUE INDEX "sip_plans_number_unique" ON "sip_plans" USING btree ("number");--> statement-breakpoint
CREATE INDEX "sip_plans_user_idx" ON "sip_plans" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "sip_plans_due_idx" ON "sip_plans" USING btree ("day_of_month","id") WHERE "sip_plans"."status" = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "sip_reminders_plan_month_unique" ON "sip_reminders" USING btree ("plan_id","month");--> statement-breakpoint
CREATE UNIQUE INDEX "sip_runs_number_unique" ON "sip_runs" USING btree ("number");--> statement-breakpoint
CREATE INDEX "sip_runs_date_idx" ON "sip_runs" USING btree ("run_date","created_at");--> statement-breakpoint
CREATE INDEX "investments_sip_idx" ON "investments" USING btree ("sip_instalment_id") WHERE "investments"."sip_instalment_id" is not null;