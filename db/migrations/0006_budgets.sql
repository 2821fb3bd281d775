CREATE TABLE "budget_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"budget_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"cost_center_id" uuid,
	"month" date NOT NULL,
	"amount" bigint NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "budget_lines_cell_unique" UNIQUE NULLS NOT DISTINCT("budget_id","account_id","cost_center_id","month"),
	CONSTRAINT "budget_lines_month_first_day" CHECK (extract(day from "budget_lines"."month") = 1),
	CONSTRAINT "budget_lines_amount_nonzero" CHECK ("budget_lines"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "budgets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"fiscal_year" integer NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "budgets_fiscal_year_check" CHECK ("budgets"."fiscal_year" between 2000 and 2100)
);
--> statement-breakpoint
ALTER TABLE "budget_lines" ADD CONSTRAINT "budget_lines_budget_id_budgets_id_fk" FOREIGN KEY ("budget_id") REFERENCES "public"."budgets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_lines" ADD CONSTRAINT "budget_lines_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_lines" ADD CONSTRAINT "budget_lines_cost_center_id_ledger_cost_centers_id_fk" FOREIGN KEY ("cost_center_id") REFERENCES "public"."ledger_cost_centers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_lines" ADD CONSTRAINT "budget_lines_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "budget_lines_month_idx" ON "budget_lines" USING btree ("month");--> statement-breakpoint
CREATE INDEX "budget_lines_cost_center_idx" ON "budget_lines" USING btree ("cost_center_id");--> statement-breakpoint
CREATE UNIQUE INDEX "budgets_fiscal_year_unique" ON "budgets" USING btree ("fiscal_year");--> statement-breakpoint
CREATE UNIQUE INDEX "budgets_name_unique" ON "budgets" USING btree ("name");