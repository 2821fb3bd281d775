CREATE TABLE "wallet_adjustments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"balance_after" bigint NOT NULL,
	"journal_reference" text NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_adjustments_amount_nonzero" CHECK ("wallet_adjustments"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "wallet_deposits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"method" text NOT NULL,
	"charge_bps" integer NOT NULL,
	"charge" bigint NOT NULL,
	"vat" bigint NOT NULL,
	"net" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text NOT NULL,
	"journal_reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	CONSTRAINT "wallet_deposits_status_check" CHECK ("wallet_deposits"."status" in ('pending', 'confirmed', 'failed')),
	CONSTRAINT "wallet_deposits_amounts" CHECK ("wallet_deposits"."amount" > 0 and "wallet_deposits"."charge" >= 0 and "wallet_deposits"."vat" >= 0 and "wallet_deposits"."net" > 0 and "wallet_deposits"."net" + "wallet_deposits"."charge" + "wallet_deposits"."vat" = "wallet_deposits"."amount"),
	CONSTRAINT "wallet_deposits_charge_bps" CHECK ("wallet_deposits"."charge_bps" between 50 and 250)
);
--> statement-breakpoint
CREATE TABLE "wallet_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"balance_after" bigint NOT NULL,
	"description" text NOT NULL,
	"ref_type" text,
	"ref_id" uuid,
	"journal_entry_id" uuid,
	"journal_reference" text,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "wallet_transactions_kind_check" CHECK ("wallet_transactions"."kind" in ('deposit', 'charge', 'withdrawal', 'investment', 'refund', 'adjustment')),
	CONSTRAINT "wallet_transactions_amount_nonzero" CHECK ("wallet_transactions"."amount" <> 0),
	CONSTRAINT "wallet_transactions_balance_nonnegative" CHECK ("wallet_transactions"."balance_after" >= 0)
);
--> statement-breakpoint
CREATE TABLE "wallet_withdrawals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"iban" text NOT NULL,
	"account_name" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"provider" text,
	"provider_ref" text,
	"journal_reference" text,
	"decided_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	CONSTRAINT "wallet_withdrawals_status_check" CHECK ("wallet_withdrawals"."status" in ('pending', 'processing', 'paid', 'rejected', 'cancelled')),
	CONSTRAINT "wallet_withdrawals_amount_positive" CHECK ("wallet_withdrawals"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "wallets" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"held" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallets_balance_nonnegative" CHECK ("wallets"."balance" >= 0),
	CONSTRAINT "wallets_held_range" CHECK ("wallets"."held" >= 0 and "wallets"."held" <= "wallets"."balance")
);
--> statement-breakpoint
CREATE TABLE "holdings" (
	"user_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"units" bigint NOT NULL,
	"cost" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "holdings_user_id_property_id_pk" PRIMARY KEY("user_id","property_id"),
	CONSTRAINT "holdings_nonnegative" CHECK ("holdings"."units" >= 0 and "holdings"."cost" >= 0)
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"scope" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "investments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"receipt_no" bigserial NOT NULL,
	"user_id" uuid NOT NULL,
	"property_id" uuid NOT NULL,
	"units" bigint NOT NULL,
	"share_price" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"principal" bigint NOT NULL,
	"fee_bps" integer DEFAULT 0 NOT NULL,
	"fee" bigint DEFAULT 0 NOT NULL,
	"vat" bigint DEFAULT 0 NOT NULL,
	"total" bigint NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"wallet_balance_after" bigint NOT NULL,
	"journal_reference" text,
	"refund_journal_reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "investments_status_check" CHECK ("investments"."status" in ('active', 'cancelled')),
	CONSTRAINT "investments_amounts" CHECK ("investments"."units" > 0 and "investments"."principal" > 0 and "investments"."fee" >= 0 and "investments"."vat" >= 0 and "investments"."total" = "investments"."principal" + "investments"."fee" + "investments"."vat" and "investments"."total" <= "investments"."amount" + "investments"."fee" + "investments"."vat")
);
--> statement-breakpoint
ALTER TABLE "wallet_adjustments" ADD CONSTRAINT "wallet_adjustments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_adjustments" ADD CONSTRAINT "wallet_adjustments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_deposits" ADD CONSTRAINT "wallet_deposits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_withdrawals" ADD CONSTRAINT "wallet_withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_withdrawals" ADD CONSTRAINT "wallet_withdrawals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holdings" ADD CONSTRAINT "holdings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holdings" ADD CONSTRAINT "holdings_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investments" ADD CONSTRAINT "investments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investments" ADD CONSTRAINT "investments_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wallet_adjustments_user_idx" ON "wallet_adjustments" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_deposits_provider_ref_unique" ON "wallet_deposits" USING btree ("provider","provider_ref");--> statement-breakpoint
CREATE INDEX "wallet_deposits_user_idx" ON "wallet_deposits" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "wallet_deposits_pending_idx" ON "wallet_deposits" USING btree ("status") WHERE "wallet_deposits"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_transactions_seq_unique" ON "wallet_transactions" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "wallet_transactions_user_seq_idx" ON "wallet_transactions" USING btree ("user_id","seq");--> statement-breakpoint
CREATE INDEX "wallet_transactions_user_created_idx" ON "wallet_transactions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "wallet_transactions_ref_idx" ON "wallet_transactions" USING btree ("ref_type","ref_id");--> statement-breakpoint
CREATE INDEX "wallet_withdrawals_user_idx" ON "wallet_withdrawals" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "wallet_withdrawals_status_idx" ON "wallet_withdrawals" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_withdrawals_provider_ref_unique" ON "wallet_withdrawals" USING btree ("provider","provider_ref");--> statement-breakpoint
CREATE INDEX "wallets_balance_idx" ON "wallets" USING btree ("balance");--> statement-breakpoint
CREATE INDEX "holdings_property_idx" ON "holdings" USING btree ("property_id");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "investments_receipt_no_unique" ON "investments" USING btree ("receipt_no");--> statement-breakpoint
CREATE INDEX "investments_user_idx" ON "investments" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "investments_property_idx" ON "investments" USING btree ("property_id","created_at");--> statement-breakpoint
CREATE INDEX "investments_created_idx" ON "investments" USING btree ("created_at");