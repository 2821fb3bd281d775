CREATE TABLE "screening_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"list_id" uuid NOT NULL,
	"name" text NOT NULL,
	"aliases" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"date_of_birth" text,
	"nationality" text,
	"category" text NOT NULL,
	"reference" text,
	"line" integer,
	CONSTRAINT "screening_entries_category_check" CHECK ("screening_entries"."category" in ('sanctions', 'pep'))
);
--> statement-breakpoint
CREATE TABLE "screening_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"source" text DEFAULT 'upload' NOT NULL,
	"entry_count" integer DEFAULT 0 NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "screening_entries" ADD CONSTRAINT "screening_entries_list_id_screening_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."screening_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screening_lists" ADD CONSTRAINT "screening_lists_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "screening_entries_list_idx" ON "screening_entries" USING btree ("list_id");--> statement-breakpoint
CREATE UNIQUE INDEX "screening_lists_name_lower_unique" ON "screening_lists" USING btree (lower("name"));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_audience_check" CHECK (("notifications"."audience" = 'user' and "notifications"."user_id" is not null) or ("notifications"."audience" = 'admin' and "notifications"."user_id" is null));