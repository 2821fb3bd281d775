CREATE TABLE "dashboards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"owner_id" uuid NOT NULL,
	"shared_with_all" boolean DEFAULT false NOT NULL,
	"widgets" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dashboards_name_length" CHECK (char_length("dashboards"."name") between 1 and 80),
	CONSTRAINT "dashboards_widgets_array" CHECK (jsonb_typeof("dashboards"."widgets") = 'array' and jsonb_array_length("dashboards"."widgets") <= 24)
);
--> statement-breakpoint
ALTER TABLE "dashboards" ADD CONSTRAINT "dashboards_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dashboards_owner_idx" ON "dashboards" USING btree ("owner_id","updated_at");--> statement-breakpoint
CREATE INDEX "dashboards_shared_idx" ON "dashboards" USING btree ("updated_at") WHERE "dashboards"."shared_with_all";