CREATE TABLE "distribution_lines" (
	"run_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"units" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"fee_netted" bigint DEFAULT 0 NOT NULL,
	"reinvested" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "distribution_lines_run_id_user_id_pk" PRIMARY KEY("run_id","user_id"),
	CONSTRAINT "distribution_lines_amounts" CHECK ("distribution_lines"."units" > 0 and "distribution_lines"."amount" >= 0 and "distribution_lines"."fee_netted" >= 0 and "distribution_lines"."fee_netted" <= "distribution_lines"."amount" and "distribution_lines"."reinvested" >= 0)
);
--> statement-breakpoint
CREATE TABLE "distribution_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"reinvest" text DEFAULT 'wallet' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "distribution_preferences_reinvest" CHECK ("distribution_preferences"."reinvest" in ('wallet', 'sip', 'same_property'))
);
--> statement-breakpoint
CREATE TABLE "distribution_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" bigserial NOT NULL,
	"property_id" uuid NOT NULL,
	"period" text NOT NULL,
	"record_date" date NOT NULL,
	"amount" bigint NOT NULL,
	"distributable" bigint NOT NULL,
	"reserve" bigint DEFAULT 0 NOT NULL,
	"units" bigint NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"created_by" uuid,
	"approved_by" uuid,
	"approved_at" timestamp with time zone,
	"paid_by" uuid,
	"paid_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"journal_reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "distribution_runs_amounts" CHECK ("distribution_runs"."amount" > 0 and "distribution_runs"."units" > 0 and "distribution_runs"."reserve" >= 0),
	CONSTRAINT "distribution_runs_status_check" CHECK ("distribution_runs"."status" in ('draft', 'approved', 'paid', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "property_ledger_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" bigserial NOT NULL,
	"property_id" uuid NOT NULL,
	"period" text NOT NULL,
	"entry_date" date NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"description" text NOT NULL,
	"journal_reference" text NOT NULL,
	"reversed_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "property_ledger_records_amount" CHECK ("property_ledger_records"."amount" > 0),
	CONSTRAINT "property_ledger_records_period" CHECK ("property_ledger_records"."period" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$')
);
--> statement-breakpoint
CREATE TABLE "property_months" (
	"property_id" uuid NOT NULL,
	"period" text NOT NULL,
	"occupancy_bps" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "property_months_property_id_period_pk" PRIMARY KEY("property_id","period"),
	CONSTRAINT "property_months_occupancy" CHECK ("property_months"."occupancy_bps" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "property_reserve_policies" (
	"property_id" uuid PRIMARY KEY NOT NULL,
	"reserve_bps" integer NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "property_reserve_policies_bps" CHECK ("property_reserve_policies"."reserve_bps" between 0 and 5000)
);
--> statement-breakpoint
CREATE TABLE "platform_fee_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" bigserial NOT NULL,
	"run_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"from_date" date NOT NULL,
	"through" date NOT NULL,
	"days" integer NOT NULL,
	"average_value" bigint NOT NULL,
	"accrued_micro" bigint NOT NULL,
	"carry_in_micro" bigint DEFAULT 0 NOT NULL,
	"carry_out_micro" bigint DEFAULT 0 NOT NULL,
	"fee" bigint NOT NULL,
	"vat" bigint NOT NULL,
	"paid" bigint NOT NULL,
	"outstanding" bigint NOT NULL,
	"calculation" jsonb NOT NULL,
	"journal_reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_fee_charges_amounts" CHECK ("platform_fee_charges"."fee" >= 0 and "platform_fee_charges"."vat" >= 0 and "platform_fee_charges"."paid" >= 0 and "platform_fee_charges"."outstanding" >= 0 and "platform_fee_charges"."paid" + "platform_fee_charges"."outstanding" <= "platform_fee_charges"."fee" + "platform_fee_charges"."vat" and "platform_fee_charges"."through" >= "platform_fee_charges"."from_date")
);
--> statement-breakpoint
CREATE TABLE "platform_fee_collections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"charge_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"source" text NOT NULL,
	"source_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"journal_reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "platform_fee_collections_amount" CHECK ("platform_fee_collections"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "platform_fee_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" bigserial NOT NULL,
	"through" date NOT NULL,
	"trigger" text DEFAULT 'admin' NOT NULL,
	"started_by" uuid,
	"investors" integer DEFAULT 0 NOT NULL,
	"fee" bigint DEFAULT 0 NOT NULL,
	"vat" bigint DEFAULT 0 NOT NULL,
	"collected" bigint DEFAULT 0 NOT NULL,
	"receivable" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wallet_transactions" DROP CONSTRAINT "wallet_transactions_kind_check";--> statement-breakpoint
ALTER TABLE "distribution_lines" ADD CONSTRAINT "distribution_lines_run_id_distribution_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."distribution_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distribution_lines" ADD CONSTRAINT "distribution_lines_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distribution_preferences" ADD CONSTRAINT "distribution_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distribution_runs" ADD CONSTRAINT "distribution_runs_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distribution_runs" ADD CONSTRAINT "distribution_runs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distribution_runs" ADD CONSTRAINT "distribution_runs_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distribution_runs" ADD CONSTRAINT "distribution_runs_paid_by_users_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_ledger_records" ADD CONSTRAINT "property_ledger_records_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_ledger_records" ADD CONSTRAINT "property_ledger_records_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_months" ADD CONSTRAINT "property_months_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_months" ADD CONSTRAINT "property_months_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_reserve_policies" ADD CONSTRAINT "property_reserve_policies_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_reserve_policies" ADD CONSTRAINT "property_reserve_policies_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_fee_charges" ADD CONSTRAINT "platform_fee_charges_run_id_platform_fee_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."platform_fee_runs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_fee_charges" ADD CONSTRAINT "platform_fee_charges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_fee_collections" ADD CONSTRAINT "platform_fee_collections_charge_id_platform_fee_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."platform_fee_charges"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_fee_collections" ADD CONSTRAINT "platform_fee_collections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "platform_fee_runs" ADD CONSTRAINT "platform_fee_runs_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "distribution_lines_user" ON "distribution_lines" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "distribution_runs_property_period" ON "distribution_runs" USING btree ("property_id","period") WHERE "distribution_runs"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "distribution_runs_status" ON "distribution_runs" USING btree ("status");--> statement-breakpoint
CREATE INDEX "property_ledger_records_property_period" ON "property_ledger_records" USING btree ("property_id","period");--> statement-breakpoint
CREATE UNIQUE INDEX "platform_fee_charges_user_through" ON "platform_fee_charges" USING btree ("user_id","through");--> statement-breakpoint
CREATE UNIQUE INDEX "platform_fee_charges_user_from" ON "platform_fee_charges" USING btree ("user_id","from_date");--> statement-breakpoint
CREATE INDEX "platform_fee_charges_run" ON "platform_fee_charges" USING btree ("run_id");--> statement-breakpoint
CREATE INDEX "platform_fee_charges_outstanding" ON "platform_fee_charges" USING btree ("user_id") WHERE "platform_fee_charges"."outstanding" > 0;--> statement-breakpoint
CREATE INDEX "platform_fee_collections_charge" ON "platform_fee_collections" USING btree ("charge_id");--> statement-breakpoint
CREATE INDEX "platform_fee_runs_through" ON "platform_fee_runs" USING btree ("through");--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_kind_check" CHECK ("wallet_transactions"."kind" in ('deposit', 'charge', 'withdrawal', 'investment', 'refund', 'adjustment', 'trade', 'sale', 'distribution', 'fee'));