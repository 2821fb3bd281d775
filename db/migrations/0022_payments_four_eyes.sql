CREATE TABLE "payment_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_adjustment_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_by" uuid NOT NULL,
	"decided_by" uuid,
	"decision_note" text,
	"adjustment_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "wallet_adjustment_requests_status_check" CHECK ("wallet_adjustment_requests"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "wallet_adjustment_requests_amount_nonzero" CHECK ("wallet_adjustment_requests"."amount" <> 0),
	CONSTRAINT "wallet_adjustment_requests_other_admin" CHECK ("wallet_adjustment_requests"."decided_by" is null or "wallet_adjustment_requests"."decided_by" <> "wallet_adjustment_requests"."requested_by" or "wallet_adjustment_requests"."status" = 'rejected')
);
--> statement-breakpoint
CREATE TABLE "wallet_payouts" (
	"withdrawal_id" uuid PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"provider" text,
	"provider_ref" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "wallet_payouts_status_check" CHECK ("wallet_payouts"."status" in ('queued', 'sending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "payment_payees" (
	"provider" text NOT NULL,
	"user_id" uuid NOT NULL,
	"iban" text NOT NULL,
	"payee_ref" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_payees_provider_user_id_iban_pk" PRIMARY KEY("provider","user_id","iban")
);
--> statement-breakpoint
ALTER TABLE "wallet_withdrawals" DROP CONSTRAINT "wallet_withdrawals_status_check";--> statement-breakpoint
ALTER TABLE "wallet_adjustments" ADD COLUMN "approved_by" uuid;--> statement-breakpoint
ALTER TABLE "wallet_withdrawals" ADD COLUMN "first_approved_by" uuid;--> statement-breakpoint
ALTER TABLE "wallet_withdrawals" ADD COLUMN "first_approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "wallet_adjustment_requests" ADD CONSTRAINT "wallet_adjustment_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_adjustment_requests" ADD CONSTRAINT "wallet_adjustment_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_adjustment_requests" ADD CONSTRAINT "wallet_adjustment_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_adjustment_requests" ADD CONSTRAINT "wallet_adjustment_requests_adjustment_id_wallet_adjustments_id_fk" FOREIGN KEY ("adjustment_id") REFERENCES "public"."wallet_adjustments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_payouts" ADD CONSTRAINT "wallet_payouts_withdrawal_id_wallet_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."wallet_withdrawals"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_payees" ADD CONSTRAINT "payment_payees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_events_unique" ON "payment_events" USING btree ("provider","event_id");--> statement-breakpoint
CREATE INDEX "wallet_adjustment_requests_status_idx" ON "wallet_adjustment_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "wallet_adjustment_requests_user_idx" ON "wallet_adjustment_requests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "wallet_payouts_due_idx" ON "wallet_payouts" USING btree ("next_attempt_at") WHERE "wallet_payouts"."status" in ('queued', 'sending');--> statement-breakpoint
ALTER TABLE "wallet_adjustments" ADD CONSTRAINT "wallet_adjustments_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_withdrawals" ADD CONSTRAINT "wallet_withdrawals_first_approved_by_users_id_fk" FOREIGN KEY ("first_approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_withdrawals" ADD CONSTRAINT "wallet_withdrawals_status_check" CHECK ("wallet_withdrawals"."status" in ('pending', 'awaiting_second_approval', 'processing', 'paid', 'rejected', 'cancelled', 'failed'));