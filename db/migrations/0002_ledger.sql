CREATE TYPE "public"."ledger_account_type" AS ENUM('asset', 'liability', 'equity', 'income', 'expense');--> statement-breakpoint
CREATE TYPE "public"."ledger_cash_flow" AS ENUM('cash', 'operating', 'investing', 'financing');--> statement-breakpoint
CREATE TYPE "public"."ledger_entry_kind" AS ENUM('standard', 'reversal', 'closing');--> statement-breakpoint
CREATE TYPE "public"."ledger_entry_status" AS ENUM('draft', 'posted');--> statement-breakpoint
CREATE TYPE "public"."ledger_period_kind" AS ENUM('month', 'year');--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"type" "ledger_account_type" NOT NULL,
	"parent_id" uuid,
	"is_group" boolean DEFAULT false NOT NULL,
	"cash_flow" "ledger_cash_flow",
	"description" text DEFAULT '' NOT NULL,
	"ref" text,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_cash_flow_bs_only" CHECK (("ledger_accounts"."type" in ('income', 'expense')) = ("ledger_accounts"."cash_flow" is null))
);
--> statement-breakpoint
CREATE TABLE "ledger_balances" (
	"account_id" uuid NOT NULL,
	"day" date NOT NULL,
	"cost_center_id" uuid,
	"property" text,
	"is_closing" boolean DEFAULT false NOT NULL,
	"debit" bigint DEFAULT 0 NOT NULL,
	"credit" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ledger_balances_key" UNIQUE NULLS NOT DISTINCT("account_id","day","cost_center_id","property","is_closing")
);
--> statement-breakpoint
CREATE TABLE "ledger_cost_centers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"kind" text DEFAULT 'department' NOT NULL,
	"parent_id" uuid,
	"property" text,
	"description" text DEFAULT '' NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_cost_centers_kind_check" CHECK ("ledger_cost_centers"."kind" in ('property', 'department', 'project'))
);
--> statement-breakpoint
CREATE TABLE "ledger_fiscal_periods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" "ledger_period_kind" NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by" uuid,
	"closing_entry_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_fiscal_periods_status_check" CHECK ("ledger_fiscal_periods"."status" in ('open', 'closed')),
	CONSTRAINT "ledger_fiscal_periods_range_check" CHECK ("ledger_fiscal_periods"."end_date" >= "ledger_fiscal_periods"."start_date")
);
--> statement-breakpoint
CREATE TABLE "ledger_journal_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" bigint GENERATED ALWAYS AS IDENTITY (sequence name "ledger_journal_entries_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"date" date NOT NULL,
	"memo" text DEFAULT '' NOT NULL,
	"status" "ledger_entry_status" DEFAULT 'draft' NOT NULL,
	"kind" "ledger_entry_kind" DEFAULT 'standard' NOT NULL,
	"source_module" text NOT NULL,
	"source_id" text NOT NULL,
	"fingerprint" text NOT NULL,
	"created_by" uuid,
	"posted_by" uuid,
	"posted_at" timestamp with time zone,
	"reverses_id" uuid,
	"reversed_by_id" uuid,
	"reversed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_journal_entries_source_unique" UNIQUE("source_module","source_id")
);
--> statement-breakpoint
CREATE TABLE "ledger_journal_lines" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_journal_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"entry_id" uuid NOT NULL,
	"line_no" smallint NOT NULL,
	"date" date NOT NULL,
	"account_id" uuid NOT NULL,
	"debit" bigint DEFAULT 0 NOT NULL,
	"credit" bigint DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'AED' NOT NULL,
	"original_amount" bigint,
	"rate" numeric(30, 12),
	"cost_center_id" uuid,
	"property" text,
	"memo" text,
	CONSTRAINT "ledger_journal_lines_one_side" CHECK (("ledger_journal_lines"."debit" > 0 and "ledger_journal_lines"."credit" = 0) or ("ledger_journal_lines"."credit" > 0 and "ledger_journal_lines"."debit" = 0)),
	CONSTRAINT "ledger_journal_lines_currency_format" CHECK ("ledger_journal_lines"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "ledger_journal_lines_fx" CHECK (("ledger_journal_lines"."currency" = 'AED' and "ledger_journal_lines"."original_amount" is null and "ledger_journal_lines"."rate" is null) or ("ledger_journal_lines"."currency" <> 'AED' and "ledger_journal_lines"."original_amount" > 0 and "ledger_journal_lines"."rate" > 0))
);
--> statement-breakpoint
CREATE TABLE "ledger_recurring_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"memo" text DEFAULT '' NOT NULL,
	"day_of_month" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"active" boolean DEFAULT true NOT NULL,
	"lines" jsonb NOT NULL,
	"created_by" uuid,
	"last_run_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_parent_id_ledger_accounts_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_balances" ADD CONSTRAINT "ledger_balances_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_balances" ADD CONSTRAINT "ledger_balances_cost_center_id_ledger_cost_centers_id_fk" FOREIGN KEY ("cost_center_id") REFERENCES "public"."ledger_cost_centers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_cost_centers" ADD CONSTRAINT "ledger_cost_centers_parent_id_ledger_cost_centers_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."ledger_cost_centers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_fiscal_periods" ADD CONSTRAINT "ledger_fiscal_periods_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_fiscal_periods" ADD CONSTRAINT "ledger_fiscal_periods_closing_entry_id_ledger_journal_entries_id_fk" FOREIGN KEY ("closing_entry_id") REFERENCES "public"."ledger_journal_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_journal_entries" ADD CONSTRAINT "ledger_journal_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_journal_entries" ADD CONSTRAINT "ledger_journal_entries_posted_by_users_id_fk" FOREIGN KEY ("posted_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_journal_entries" ADD CONSTRAINT "ledger_journal_entries_reverses_id_ledger_journal_entries_id_fk" FOREIGN KEY ("reverses_id") REFERENCES "public"."ledger_journal_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_journal_entries" ADD CONSTRAINT "ledger_journal_entries_reversed_by_id_ledger_journal_entries_id_fk" FOREIGN KEY ("reversed_by_id") REFERENCES "public"."ledger_journal_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_journal_lines" ADD CONSTRAINT "ledger_journal_lines_entry_id_ledger_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."ledger_journal_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_journal_lines" ADD CONSTRAINT "ledger_journal_lines_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_journal_lines" ADD CONSTRAINT "ledger_journal_lines_cost_center_id_ledger_cost_centers_id_fk" FOREIGN KEY ("cost_center_id") REFERENCES "public"."ledger_cost_centers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_recurring_entries" ADD CONSTRAINT "ledger_recurring_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_code_unique" ON "ledger_accounts" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_parent_ref_unique" ON "ledger_accounts" USING btree ("parent_id","ref");--> statement-breakpoint
CREATE INDEX "ledger_accounts_parent_idx" ON "ledger_accounts" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "ledger_balances_day_idx" ON "ledger_balances" USING btree ("day");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_cost_centers_code_unique" ON "ledger_cost_centers" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_fiscal_periods_kind_start_unique" ON "ledger_fiscal_periods" USING btree ("kind","start_date");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_journal_entries_number_unique" ON "ledger_journal_entries" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_journal_entries_reverses_unique" ON "ledger_journal_entries" USING btree ("reverses_id");--> statement-breakpoint
CREATE INDEX "ledger_journal_entries_date_idx" ON "ledger_journal_entries" USING btree ("date","number");--> statement-breakpoint
CREATE INDEX "ledger_journal_entries_status_idx" ON "ledger_journal_entries" USING btree ("status","date");--> statement-breakpoint
CREATE INDEX "ledger_journal_lines_entry_idx" ON "ledger_journal_lines" USING btree ("entry_id","line_no");--> statement-breakpoint
CREATE INDEX "ledger_journal_lines_account_date_idx" ON "ledger_journal_lines" USING btree ("account_id","date");--> statement-breakpoint
CREATE INDEX "ledger_journal_lines_cost_center_idx" ON "ledger_journal_lines" USING btree ("cost_center_id");