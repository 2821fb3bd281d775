CREATE TABLE "inventory_item_costs" (
	"item_id" uuid PRIMARY KEY NOT NULL,
	"quantity" bigint DEFAULT 0 NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL,
	"last_unit_cost" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventory_item_costs_non_negative" CHECK ("inventory_item_costs"."quantity" >= 0 and "inventory_item_costs"."value" >= 0)
);
--> statement-breakpoint
CREATE TABLE "inventory_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sku" text NOT NULL,
	"name" text NOT NULL,
	"category" text DEFAULT 'spare_part' NOT NULL,
	"unit" text DEFAULT 'each' NOT NULL,
	"barcode" text,
	"reorder_level" bigint DEFAULT 0 NOT NULL,
	"reorder_quantity" bigint DEFAULT 0 NOT NULL,
	"valuation_method" text NOT NULL,
	"default_supplier_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventory_items_method" CHECK ("inventory_items"."valuation_method" in ('fifo', 'average')),
	CONSTRAINT "inventory_items_reorder" CHECK ("inventory_items"."reorder_level" >= 0 and "inventory_items"."reorder_quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "inventory_locations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"parent_id" uuid,
	"property" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventory_locations_kind" CHECK ("inventory_locations"."kind" in ('warehouse', 'bin', 'property', 'maintenance_job'))
);
--> statement-breakpoint
CREATE TABLE "inventory_stock" (
	"item_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"quantity" bigint DEFAULT 0 NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "inventory_stock_item_id_location_id_pk" PRIMARY KEY("item_id","location_id"),
	CONSTRAINT "inventory_stock_non_negative" CHECK ("inventory_stock"."quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_layers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"move_id" uuid NOT NULL,
	"seq" bigint NOT NULL,
	"unit_cost" bigint DEFAULT 0 NOT NULL,
	"remaining_qty" bigint DEFAULT 0 NOT NULL,
	"remaining_value" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_layers_non_negative" CHECK ("stock_layers"."remaining_qty" >= 0 and "stock_layers"."remaining_value" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_moves" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"item_id" uuid NOT NULL,
	"type" text NOT NULL,
	"date" date NOT NULL,
	"quantity" bigint NOT NULL,
	"unit_cost" bigint,
	"value" bigint DEFAULT 0 NOT NULL,
	"from_location_id" uuid,
	"to_location_id" uuid,
	"store_qty" bigint DEFAULT 0 NOT NULL,
	"store_value" bigint DEFAULT 0 NOT NULL,
	"purchase_order_id" uuid,
	"purchase_order_line_id" uuid,
	"paid_from_bank_account_id" uuid,
	"note" text DEFAULT '' NOT NULL,
	"journal_reference" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_moves_type" CHECK ("stock_moves"."type" in ('receipt', 'issue', 'transfer', 'adjustment')),
	CONSTRAINT "stock_moves_quantity" CHECK ("stock_moves"."quantity" <> 0)
);
--> statement-breakpoint
ALTER TABLE "inventory_item_costs" ADD CONSTRAINT "inventory_item_costs_item_id_inventory_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."inventory_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_items" ADD CONSTRAINT "inventory_items_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_locations" ADD CONSTRAINT "inventory_locations_parent_id_inventory_locations_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."inventory_locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_stock" ADD CONSTRAINT "inventory_stock_item_id_inventory_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."inventory_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_stock" ADD CONSTRAINT "inventory_stock_location_id_inventory_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."inventory_locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_layers" ADD CONSTRAINT "stock_layers_item_id_inventory_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."inventory_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_layers" ADD CONSTRAINT "stock_layers_move_id_stock_moves_id_fk" FOREIGN KEY ("move_id") REFERENCES "public"."stock_moves"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_moves" ADD CONSTRAINT "stock_moves_item_id_inventory_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."inventory_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_moves" ADD CONSTRAINT "stock_moves_from_location_id_inventory_locations_id_fk" FOREIGN KEY ("from_location_id") REFERENCES "public"."inventory_locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_moves" ADD CONSTRAINT "stock_moves_to_location_id_inventory_locations_id_fk" FOREIGN KEY ("to_location_id") REFERENCES "public"."inventory_locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_moves" ADD CONSTRAINT "stock_moves_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_items_sku_unique" ON "inventory_items" USING btree (lower("sku"));--> statement-breakpoint
CREATE INDEX "inventory_items_name_idx" ON "inventory_items" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_locations_code_unique" ON "inventory_locations" USING btree (lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_locations_property_unique" ON "inventory_locations" USING btree ("property") WHERE "inventory_locations"."kind" = 'property';--> statement-breakpoint
CREATE INDEX "inventory_stock_location_idx" ON "inventory_stock" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "stock_layers_open_idx" ON "stock_layers" USING btree ("item_id","seq") WHERE "stock_layers"."remaining_qty" > 0;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_moves_seq_unique" ON "stock_moves" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "stock_moves_date_idx" ON "stock_moves" USING btree ("date","item_id");--> statement-breakpoint
CREATE INDEX "stock_moves_item_idx" ON "stock_moves" USING btree ("item_id","seq");