CREATE TABLE "sales_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"order_id" uuid NOT NULL,
	"date" date NOT NULL,
	"from_location_id" uuid,
	"net" bigint DEFAULT 0 NOT NULL,
	"cost" bigint DEFAULT 0 NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_delivery_lines" (
	"delivery_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"quantity" bigint NOT NULL,
	"net" bigint DEFAULT 0 NOT NULL,
	"cost" bigint DEFAULT 0 NOT NULL,
	"stock_move_id" uuid,
	CONSTRAINT "sales_delivery_lines_delivery_id_line_no_pk" PRIMARY KEY("delivery_id","line_no"),
	CONSTRAINT "sales_delivery_lines_quantity" CHECK ("sales_delivery_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "sales_number_series" (
	"series" text PRIMARY KEY NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_order_invoices" (
	"invoice_id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"number" text NOT NULL,
	"date" date NOT NULL,
	"net" bigint DEFAULT 0 NOT NULL,
	"vat" bigint DEFAULT 0 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_order_lines" (
	"order_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"product_id" uuid NOT NULL,
	"description" text NOT NULL,
	"quantity" bigint NOT NULL,
	"unit_price" bigint DEFAULT 0 NOT NULL,
	"discount" bigint DEFAULT 0 NOT NULL,
	"net" bigint DEFAULT 0 NOT NULL,
	"tax_code" text NOT NULL,
	"vat" bigint DEFAULT 0 NOT NULL,
	"income_account" text DEFAULT '4300' NOT NULL,
	"delivered_qty" bigint DEFAULT 0 NOT NULL,
	"invoiced_qty" bigint DEFAULT 0 NOT NULL,
	"delivered_net" bigint DEFAULT 0 NOT NULL,
	"invoiced_net" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_order_lines_order_id_line_no_pk" PRIMARY KEY("order_id","line_no"),
	CONSTRAINT "sales_order_lines_quantities" CHECK ("sales_order_lines"."quantity" > 0 and "sales_order_lines"."delivered_qty" <= "sales_order_lines"."quantity" and "sales_order_lines"."invoiced_qty" <= "sales_order_lines"."delivered_qty" and "sales_order_lines"."invoiced_qty" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sales_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"quotation_id" uuid,
	"price_list_id" uuid,
	"status" text DEFAULT 'draft' NOT NULL,
	"date" date NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"net" bigint DEFAULT 0 NOT NULL,
	"vat" bigint DEFAULT 0 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"confirmed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_orders_status" CHECK ("sales_orders"."status" in ('draft', 'confirmed', 'partially_delivered', 'delivered', 'partially_invoiced', 'invoiced', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "sales_price_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"currency" text DEFAULT 'AED' NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_price_lists_currency" CHECK ("sales_price_lists"."currency" = 'AED'),
	CONSTRAINT "sales_price_lists_dates" CHECK ("sales_price_lists"."valid_to" is null or "sales_price_lists"."valid_to" >= "sales_price_lists"."valid_from")
);
--> statement-breakpoint
CREATE TABLE "sales_prices" (
	"price_list_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"unit_price" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_prices_price_list_id_product_id_pk" PRIMARY KEY("price_list_id","product_id"),
	CONSTRAINT "sales_prices_non_negative" CHECK ("sales_prices"."unit_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sales_products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"unit" text DEFAULT 'each' NOT NULL,
	"default_price" bigint DEFAULT 0 NOT NULL,
	"income_account" text DEFAULT '4300' NOT NULL,
	"tax_code" text DEFAULT 'standard' NOT NULL,
	"item_id" uuid,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_products_kind" CHECK ("sales_products"."kind" in ('service', 'stock')),
	CONSTRAINT "sales_products_item" CHECK (("sales_products"."kind" = 'stock') = ("sales_products"."item_id" is not null)),
	CONSTRAINT "sales_products_price" CHECK ("sales_products"."default_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sales_quotation_lines" (
	"quotation_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"product_id" uuid NOT NULL,
	"description" text NOT NULL,
	"quantity" bigint NOT NULL,
	"unit_price" bigint DEFAULT 0 NOT NULL,
	"discount" bigint DEFAULT 0 NOT NULL,
	"net" bigint DEFAULT 0 NOT NULL,
	"tax_code" text NOT NULL,
	"vat" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_quotation_lines_quotation_id_line_no_pk" PRIMARY KEY("quotation_id","line_no"),
	CONSTRAINT "sales_quotation_lines_quantity" CHECK ("sales_quotation_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "sales_quotations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"price_list_id" uuid,
	"status" text DEFAULT 'draft' NOT NULL,
	"date" date NOT NULL,
	"valid_until" date NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"net" bigint DEFAULT 0 NOT NULL,
	"vat" bigint DEFAULT 0 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	"decided_on" date,
	"order_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_quotations_status" CHECK ("sales_quotations"."status" in ('draft', 'sent', 'accepted', 'declined', 'expired')),
	CONSTRAINT "sales_quotations_dates" CHECK ("sales_quotations"."valid_until" >= "sales_quotations"."date")
);
--> statement-breakpoint
ALTER TABLE "sales_deliveries" ADD CONSTRAINT "sales_deliveries_order_id_sales_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."sales_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_deliveries" ADD CONSTRAINT "sales_deliveries_from_location_id_inventory_locations_id_fk" FOREIGN KEY ("from_location_id") REFERENCES "public"."inventory_locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_deliveries" ADD CONSTRAINT "sales_deliveries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_delivery_lines" ADD CONSTRAINT "sales_delivery_lines_delivery_id_sales_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."sales_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_delivery_lines" ADD CONSTRAINT "sales_delivery_lines_stock_move_id_stock_moves_id_fk" FOREIGN KEY ("stock_move_id") REFERENCES "public"."stock_moves"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_order_invoices" ADD CONSTRAINT "sales_order_invoices_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_order_invoices" ADD CONSTRAINT "sales_order_invoices_order_id_sales_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."sales_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_order_lines" ADD CONSTRAINT "sales_order_lines_order_id_sales_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."sales_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_order_lines" ADD CONSTRAINT "sales_order_lines_product_id_sales_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."sales_products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD CONSTRAINT "sales_orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD CONSTRAINT "sales_orders_quotation_id_sales_quotations_id_fk" FOREIGN KEY ("quotation_id") REFERENCES "public"."sales_quotations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD CONSTRAINT "sales_orders_price_list_id_sales_price_lists_id_fk" FOREIGN KEY ("price_list_id") REFERENCES "public"."sales_price_lists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD CONSTRAINT "sales_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_price_lists" ADD CONSTRAINT "sales_price_lists_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_prices" ADD CONSTRAINT "sales_prices_price_list_id_sales_price_lists_id_fk" FOREIGN KEY ("price_list_id") REFERENCES "public"."sales_price_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_prices" ADD CONSTRAINT "sales_prices_product_id_sales_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."sales_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_products" ADD CONSTRAINT "sales_products_item_id_inventory_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."inventory_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_products" ADD CONSTRAINT "sales_products_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_quotation_lines" ADD CONSTRAINT "sales_quotation_lines_quotation_id_sales_quotations_id_fk" FOREIGN KEY ("quotation_id") REFERENCES "public"."sales_quotations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_quotation_lines" ADD CONSTRAINT "sales_quotation_lines_product_id_sales_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."sales_products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_quotations" ADD CONSTRAINT "sales_quotations_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_quotations" ADD CONSTRAINT "sales_quotations_price_list_id_sales_price_lists_id_fk" FOREIGN KEY ("price_list_id") REFERENCES "public"."sales_price_lists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_quotations" ADD CONSTRAINT "sales_quotations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sales_deliveries_number_unique" ON "sales_deliveries" USING btree ("number");--> statement-breakpoint
CREATE INDEX "sales_deliveries_order_idx" ON "sales_deliveries" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "sales_order_invoices_order_idx" ON "sales_order_invoices" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "sales_order_invoices_date_idx" ON "sales_order_invoices" USING btree ("date");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_orders_number_unique" ON "sales_orders" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_orders_quotation_unique" ON "sales_orders" USING btree ("quotation_id");--> statement-breakpoint
CREATE INDEX "sales_orders_status_idx" ON "sales_orders" USING btree ("status","date");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_products_code_unique" ON "sales_products" USING btree (lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "sales_quotations_number_unique" ON "sales_quotations" USING btree ("number");--> statement-breakpoint
CREATE INDEX "sales_quotations_status_idx" ON "sales_quotations" USING btree ("status","date");