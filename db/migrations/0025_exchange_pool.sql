CREATE TABLE "exchange_exit_items" (
	"exit_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"trade_id" uuid NOT NULL,
	"units" bigint NOT NULL,
	"gross" bigint NOT NULL,
	"cost" bigint NOT NULL,
	"performance_fee" bigint NOT NULL,
	"vat" bigint NOT NULL,
	"net" bigint NOT NULL,
	CONSTRAINT "exchange_exit_items_exit_id_user_id_pk" PRIMARY KEY("exit_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "exchange_exits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" bigserial NOT NULL,
	"property_id" uuid NOT NULL,
	"sale_price" bigint NOT NULL,
	"selling_costs" bigint NOT NULL,
	"sale_date" date NOT NULL,
	"net_proceeds" bigint NOT NULL,
	"journal_reference" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_exits_amounts" CHECK ("exchange_exits"."sale_price" > 0 and "exchange_exits"."selling_costs" >= 0 and "exchange_exits"."net_proceeds" = "exchange_exits"."sale_price" - "exchange_exits"."selling_costs" and "exchange_exits"."net_proceeds" > 0)
);
--> statement-breakpoint
CREATE TABLE "exchange_pool" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"user_id" uuid NOT NULL,
	"total_budget" bigint DEFAULT 0 NOT NULL,
	"per_property_budget" bigint DEFAULT 0 NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_pool_one_row" CHECK ("exchange_pool"."id" = 1),
	CONSTRAINT "exchange_pool_budgets" CHECK ("exchange_pool"."total_budget" >= 0 and "exchange_pool"."per_property_budget" >= 0)
);
--> statement-breakpoint
ALTER TABLE "exchange_exit_items" ADD CONSTRAINT "exchange_exit_items_exit_id_exchange_exits_id_fk" FOREIGN KEY ("exit_id") REFERENCES "public"."exchange_exits"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_exit_items" ADD CONSTRAINT "exchange_exit_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_exit_items" ADD CONSTRAINT "exchange_exit_items_trade_id_exchange_trades_id_fk" FOREIGN KEY ("trade_id") REFERENCES "public"."exchange_trades"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_exits" ADD CONSTRAINT "exchange_exits_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_exits" ADD CONSTRAINT "exchange_exits_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_pool" ADD CONSTRAINT "exchange_pool_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_pool" ADD CONSTRAINT "exchange_pool_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exchange_exit_items_user_idx" ON "exchange_exit_items" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_exits_number_unique" ON "exchange_exits" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_exits_property_unique" ON "exchange_exits" USING btree ("property_id");