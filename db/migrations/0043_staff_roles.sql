ALTER TYPE "public"."user_role" ADD VALUE 'finance';--> statement-breakpoint
ALTER TYPE "public"."user_role" ADD VALUE 'compliance';--> statement-breakpoint
ALTER TYPE "public"."user_role" ADD VALUE 'operations';--> statement-breakpoint
ALTER TYPE "public"."user_role" ADD VALUE 'support';--> statement-breakpoint
ALTER TYPE "public"."user_role" ADD VALUE 'auditor';--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mfa_mandatory" boolean DEFAULT false NOT NULL;