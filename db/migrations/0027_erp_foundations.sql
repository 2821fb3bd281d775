CREATE TABLE "tax_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"date" date NOT NULL,
	"document_type" text NOT NULL,
	"document_id" text NOT NULL,
	"document_number" text NOT NULL,
	"counterparty" text DEFAULT '' NOT NULL,
	"entry_id" uuid,
	"direction" text NOT NULL,
	"box" text NOT NULL,
	"tax_code" text,
	"emirate" text,
	"taxable" bigint NOT NULL,
	"vat" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_lines_direction_check" CHECK ("tax_lines"."direction" in ('output', 'input'))
);
--> statement-breakpoint
CREATE TABLE "tax_settings" (
	"id" text PRIMARY KEY DEFAULT 'default' NOT NULL,
	"trn" text NOT NULL,
	"legal_name" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"filing_frequency" text NOT NULL,
	"first_period_start" date NOT NULL,
	"default_emirate" text NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_totals" (
	"day" date NOT NULL,
	"box" text NOT NULL,
	"direction" text NOT NULL,
	"taxable" bigint DEFAULT 0 NOT NULL,
	"vat" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "tax_totals_day_box_direction_pk" PRIMARY KEY("day","box","direction")
);
--> statement-breakpoint
CREATE TABLE "vat_returns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"period" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"status" text DEFAULT 'filed' NOT NULL,
	"figures" jsonb NOT NULL,
	"settlement_entry_id" uuid,
	"filed_by" uuid,
	"filed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	CONSTRAINT "vat_returns_period_unique" UNIQUE("period"),
	CONSTRAINT "vat_returns_status_check" CHECK ("vat_returns"."status" in ('filed', 'paid'))
);
--> statement-breakpoint
CREATE TABLE "bank_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"bank_name" text DEFAULT '' NOT NULL,
	"iban" text NOT NULL,
	"kind" text DEFAULT 'operating' NOT NULL,
	"currency" text DEFAULT 'AED' NOT NULL,
	"ledger_account_code" text NOT NULL,
	"created_by" uuid,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "tax_settings" ADD CONSTRAINT "tax_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vat_returns" ADD CONSTRAINT "vat_returns_filed_by_users_id_fk" FOREIGN KEY ("filed_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tax_lines_box_date_idx" ON "tax_lines" USING btree ("box","date");--> statement-breakpoint
CREATE INDEX "tax_lines_document_idx" ON "tax_lines" USING btree ("document_type","document_id");--> statement-breakpoint
CREATE INDEX "vat_returns_range_idx" ON "vat_returns" USING btree ("start_date","end_date");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_accounts_iban_unique" ON "bank_accounts" USING btree ("iban");