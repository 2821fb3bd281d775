ALTER TABLE "tax_totals" ADD COLUMN "adjustment" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "vat_returns" ADD COLUMN "paid_on" date;--> statement-breakpoint
ALTER TABLE "vat_returns" ADD COLUMN "paid_by" uuid;--> statement-breakpoint
ALTER TABLE "vat_returns" ADD COLUMN "bank_account_id" uuid;--> statement-breakpoint
ALTER TABLE "vat_returns" ADD COLUMN "payment_entry_id" uuid;--> statement-breakpoint
ALTER TABLE "vat_returns" ADD CONSTRAINT "vat_returns_paid_by_users_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;