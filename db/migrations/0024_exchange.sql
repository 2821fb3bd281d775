CREATE TABLE "exchange_markets" (
	"property_id" uuid PRIMARY KEY NOT NULL,
	"halted" boolean DEFAULT false NOT NULL,
	"halt_reason" text,
	"band_bps" integer DEFAULT 2000 NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exchange_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" bigserial NOT NULL,
	"user_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"side" text NOT NULL,
	"units" bigint NOT NULL,
	"filled_units" bigint DEFAULT 0 NOT NULL,
	"price" bigint NOT NULL,
	"time_in_force" text DEFAULT 'gtc' NOT NULL,
	"expires_on" date,
	"status" text DEFAULT 'open' NOT NULL,
	"held_cash" bigint DEFAULT 0 NOT NULL,
	"cancel_reason" text,
	"cancelled_by" uuid,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "exchange_orders_side_check" CHECK ("exchange_orders"."side" in ('buy', 'sell')),
	CONSTRAINT "exchange_orders_status_check" CHECK ("exchange_orders"."status" in ('open', 'partially_filled', 'filled', 'cancelled', 'expired')),
	CONSTRAINT "exchange_orders_tif_check" CHECK ("exchange_orders"."time_in_force" in ('gtc', 'gtd')),
	CONSTRAINT "exchange_orders_amounts" CHECK ("exchange_orders"."units" > 0 and "exchange_orders"."price" > 0 and "exchange_orders"."filled_units" >= 0 and "exchange_orders"."filled_units" <= "exchange_orders"."units" and "exchange_orders"."held_cash" >= 0)
);
--> statement-breakpoint
CREATE TABLE "exchange_trades" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" bigserial NOT NULL,
	"property_id" uuid NOT NULL,
	"buy_order_id" uuid,
	"sell_order_id" uuid,
	"buyer_id" uuid,
	"seller_id" uuid NOT NULL,
	"venue" text DEFAULT 'order' NOT NULL,
	"units" bigint NOT NULL,
	"price" bigint NOT NULL,
	"gross" bigint NOT NULL,
	"cost" bigint NOT NULL,
	"early_exit_fee" bigint DEFAULT 0 NOT NULL,
	"performance_fee" bigint DEFAULT 0 NOT NULL,
	"vat" bigint DEFAULT 0 NOT NULL,
	"net" bigint NOT NULL,
	"journal_reference" text,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "exchange_trades_venue_check" CHECK ("exchange_trades"."venue" in ('order', 'pool', 'exit')),
	CONSTRAINT "exchange_trades_amounts" CHECK ("exchange_trades"."units" > 0 and "exchange_trades"."price" >= 0 and "exchange_trades"."gross" >= 0 and "exchange_trades"."cost" >= 0 and "exchange_trades"."early_exit_fee" >= 0 and "exchange_trades"."performance_fee" >= 0 and "exchange_trades"."vat" >= 0 and "exchange_trades"."net" = "exchange_trades"."gross" - "exchange_trades"."early_exit_fee" - "exchange_trades"."performance_fee" - "exchange_trades"."vat")
);
--> statement-breakpoint
ALTER TABLE "wallet_transactions" DROP CONSTRAINT "wallet_transactions_kind_check";--> statement-breakpoint
ALTER TABLE "exchange_markets" ADD CONSTRAINT "exchange_markets_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_markets" ADD CONSTRAINT "exchange_markets_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_orders" ADD CONSTRAINT "exchange_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_orders" ADD CONSTRAINT "exchange_orders_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_orders" ADD CONSTRAINT "exchange_orders_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_trades" ADD CONSTRAINT "exchange_trades_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_trades" ADD CONSTRAINT "exchange_trades_buy_order_id_exchange_orders_id_fk" FOREIGN KEY ("buy_order_id") REFERENCES "public"."exchange_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_trades" ADD CONSTRAINT "exchange_trades_sell_order_id_exchange_orders_id_fk" FOREIGN KEY ("sell_order_id") REFERENCES "public"."exchange_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_trades" ADD CONSTRAINT "exchange_trades_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_trades" ADD CONSTRAINT "exchange_trades_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_orders_number_unique" ON "exchange_orders" USING btree ("number");--> statement-breakpoint
CREATE INDEX "exchange_orders_book_idx" ON "exchange_orders" USING btree ("property_id","side","price","number") WHERE "exchange_orders"."status" in ('open', 'partially_filled');--> statement-breakpoint
CREATE INDEX "exchange_orders_user_idx" ON "exchange_orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "exchange_orders_created_idx" ON "exchange_orders" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_trades_number_unique" ON "exchange_trades" USING btree ("number");--> statement-breakpoint
CREATE INDEX "exchange_trades_property_idx" ON "exchange_trades" USING btree ("property_id","created_at");--> statement-breakpoint
CREATE INDEX "exchange_trades_buyer_idx" ON "exchange_trades" USING btree ("buyer_id","property_id");--> statement-breakpoint
CREATE INDEX "exchange_trades_seller_idx" ON "exchange_trades" USING btree ("seller_id","property_id");--> statement-breakpoint
CREATE INDEX "exchange_trades_created_idx" ON "exchange_trades" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_kind_check" CHECK ("wallet_transactions"."kind" in ('deposit', 'charge', 'withdrawal', 'investment', 'refund', 'adjustment', 'trade', 'sale'));