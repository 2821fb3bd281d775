CREATE TABLE "goods_receipt_lines" (
	"receipt_id" uuid NOT NULL,
	"order_line_id" uuid NOT NULL,
	"quantity" bigint NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "goods_receipt_lines_receipt_id_order_line_id_pk" PRIMARY KEY("receipt_id","order_line_id")
);
--> statement-breakpoint
CREATE TABLE "goods_receipts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"order_id" uuid NOT NULL,
	"date" date NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL,
	"journal_reference" text NOT NULL,
	"received_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchase_order_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"description" text NOT NULL,
	"quantity" bigint NOT NULL,
	"unit_code" text DEFAULT 'C62' NOT NULL,
	"unit_price" bigint DEFAULT 0 NOT NULL,
	"tax_code" text NOT NULL,
	"net" bigint DEFAULT 0 NOT NULL,
	"vat" bigint DEFAULT 0 NOT NULL,
	"expense_account_code" text NOT NULL,
	"received" bigint DEFAULT 0 NOT NULL,
	"received_value" bigint DEFAULT 0 NOT NULL,
	"billed" bigint DEFAULT 0 NOT NULL,
	"cleared_value" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "purchase_order_lines_qty" CHECK ("purchase_order_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "purchase_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"supplier_id" uuid NOT NULL,
	"request_id" uuid,
	"order_date" date NOT NULL,
	"expected_date" date,
	"cost_center" text,
	"property" text,
	"delivery_address" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"net" bigint DEFAULT 0 NOT NULL,
	"vat" bigint DEFAULT 0 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"approved_by" uuid,
	"sent_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchase_request_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"description" text NOT NULL,
	"quantity" bigint NOT NULL,
	"unit_code" text DEFAULT 'C62' NOT NULL,
	"estimated_unit_price" bigint DEFAULT 0 NOT NULL,
	"tax_code" text NOT NULL,
	"net" bigint DEFAULT 0 NOT NULL,
	"vat" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchase_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"title" text NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"cost_center" text,
	"property" text,
	"supplier_id" uuid,
	"needed_by" date,
	"notes" text DEFAULT '' NOT NULL,
	"estimate_net" bigint DEFAULT 0 NOT NULL,
	"estimate_vat" bigint DEFAULT 0 NOT NULL,
	"estimate_total" bigint DEFAULT 0 NOT NULL,
	"requested_by" uuid,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"rejection_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchasing_counters" (
	"kind" text NOT NULL,
	"year" integer NOT NULL,
	"last" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "purchasing_counters_kind_year_pk" PRIMARY KEY("kind","year")
);
--> statement-breakpoint
CREATE TABLE "supplier_bill_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bill_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"order_line_id" uuid,
	"description" text NOT NULL,
	"quantity" bigint NOT NULL,
	"unit_price" bigint DEFAULT 0 NOT NULL,
	"net" bigint DEFAULT 0 NOT NULL,
	"tax_code" text NOT NULL,
	"vat" bigint DEFAULT 0 NOT NULL,
	"expense_account_code" text NOT NULL,
	"cost_center" text,
	"property" text,
	"cleared_value" bigint DEFAULT 0 NOT NULL,
	"debited" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supplier_bills" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"supplier_id" uuid NOT NULL,
	"order_id" uuid,
	"supplier_bill_number" text NOT NULL,
	"status" text NOT NULL,
	"bill_date" date NOT NULL,
	"due_date" date NOT NULL,
	"net" bigint DEFAULT 0 NOT NULL,
	"vat" bigint DEFAULT 0 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"paid" bigint DEFAULT 0 NOT NULL,
	"debited" bigint DEFAULT 0 NOT NULL,
	"open_amount" bigint DEFAULT 0 NOT NULL,
	"cost_center" text,
	"property" text,
	"emirate" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"mismatches" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"decision_reason" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"journal_reference" text,
	"posted_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supplier_bills_open" CHECK ("supplier_bills"."open_amount" >= 0 and "supplier_bills"."open_amount" = "supplier_bills"."total" - "supplier_bills"."paid" - "supplier_bills"."debited" or "supplier_bills"."status" in ('held', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "supplier_debit_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"bill_id" uuid NOT NULL,
	"date" date NOT NULL,
	"reason" text NOT NULL,
	"supplier_reference" text DEFAULT '' NOT NULL,
	"net" bigint DEFAULT 0 NOT NULL,
	"vat" bigint DEFAULT 0 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"lines" jsonb NOT NULL,
	"journal_reference" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supplier_payment_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"date" date NOT NULL,
	"bank_account_id" uuid NOT NULL,
	"count" integer NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supplier_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"bill_id" uuid NOT NULL,
	"batch_id" uuid,
	"date" date NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"bank_account_id" uuid NOT NULL,
	"statement_line_id" text,
	"journal_reference" text NOT NULL,
	"journal_entry_id" uuid NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supplier_payments_amount" CHECK ("supplier_payments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "suppliers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"trn" text,
	"address" text DEFAULT '' NOT NULL,
	"country" text DEFAULT 'AE' NOT NULL,
	"emirate" text,
	"bank_name" text DEFAULT '' NOT NULL,
	"iban" text,
	"account_name" text DEFAULT '' NOT NULL,
	"payment_terms_days" integer DEFAULT 30 NOT NULL,
	"category" text DEFAULT 'other' NOT NULL,
	"expense_account_code" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "suppliers_terms" CHECK ("suppliers"."payment_terms_days" between 0 and 365)
);
--> statement-breakpoint
ALTER TABLE "goods_receipt_lines" ADD CONSTRAINT "goods_receipt_lines_receipt_id_goods_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."goods_receipts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_receipt_lines" ADD CONSTRAINT "goods_receipt_lines_order_line_id_purchase_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."purchase_order_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_receipts" ADD CONSTRAINT "goods_receipts_order_id_purchase_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_receipts" ADD CONSTRAINT "goods_receipts_received_by_users_id_fk" FOREIGN KEY ("received_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_order_id_purchase_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_request_id_purchase_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."purchase_requests"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_request_lines" ADD CONSTRAINT "purchase_request_lines_request_id_purchase_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."purchase_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_requests" ADD CONSTRAINT "purchase_requests_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_requests" ADD CONSTRAINT "purchase_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_requests" ADD CONSTRAINT "purchase_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_bill_lines" ADD CONSTRAINT "supplier_bill_lines_bill_id_supplier_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."supplier_bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_bill_lines" ADD CONSTRAINT "supplier_bill_lines_order_line_id_purchase_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."purchase_order_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_bills" ADD CONSTRAINT "supplier_bills_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_bills" ADD CONSTRAINT "supplier_bills_order_id_purchase_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_bills" ADD CONSTRAINT "supplier_bills_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_bills" ADD CONSTRAINT "supplier_bills_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_debit_notes" ADD CONSTRAINT "supplier_debit_notes_bill_id_supplier_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."supplier_bills"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_debit_notes" ADD CONSTRAINT "supplier_debit_notes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_payment_batches" ADD CONSTRAINT "supplier_payment_batches_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_payment_batches" ADD CONSTRAINT "supplier_payment_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_payments" ADD CONSTRAINT "supplier_payments_bill_id_supplier_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."supplier_bills"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_payments" ADD CONSTRAINT "supplier_payments_batch_id_supplier_payment_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."supplier_payment_batches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_payments" ADD CONSTRAINT "supplier_payments_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_payments" ADD CONSTRAINT "supplier_payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "goods_receipts_number_unique" ON "goods_receipts" USING btree ("number");--> statement-breakpoint
CREATE INDEX "goods_receipts_order_idx" ON "goods_receipts" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_order_lines_no" ON "purchase_order_lines" USING btree ("order_id","line_no");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_orders_number_unique" ON "purchase_orders" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_orders_request_unique" ON "purchase_orders" USING btree ("request_id") WHERE "purchase_orders"."request_id" is not null and "purchase_orders"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "purchase_orders_supplier_idx" ON "purchase_orders" USING btree ("supplier_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_request_lines_no" ON "purchase_request_lines" USING btree ("request_id","line_no");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_requests_number_unique" ON "purchase_requests" USING btree ("number");--> statement-breakpoint
CREATE INDEX "purchase_requests_status_idx" ON "purchase_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_bill_lines_no" ON "supplier_bill_lines" USING btree ("bill_id","line_no");--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_bills_number_unique" ON "supplier_bills" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_bills_supplier_number_unique" ON "supplier_bills" USING btree ("supplier_id",lower("supplier_bill_number")) WHERE "supplier_bills"."status" <> 'rejected';--> statement-breakpoint
CREATE INDEX "supplier_bills_open_idx" ON "supplier_bills" USING btree ("supplier_id","due_date") WHERE "supplier_bills"."open_amount" > 0;--> statement-breakpoint
CREATE INDEX "supplier_bills_order_idx" ON "supplier_bills" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_debit_notes_number_unique" ON "supplier_debit_notes" USING btree ("number");--> statement-breakpoint
CREATE INDEX "supplier_debit_notes_bill_date" ON "supplier_debit_notes" USING btree ("bill_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_payment_batches_number_unique" ON "supplier_payment_batches" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_payments_number_unique" ON "supplier_payments" USING btree ("number");--> statement-breakpoint
CREATE INDEX "supplier_payments_bill_date" ON "supplier_payments" USING btree ("bill_id","date");--> statement-breakpoint
CREATE INDEX "supplier_payments_batch_idx" ON "supplier_payments" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "suppliers_name_idx" ON "suppliers" USING btree ("name");