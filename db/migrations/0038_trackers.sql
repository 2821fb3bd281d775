CREATE TABLE "tracker_points" (
	"tracker_id" uuid NOT NULL,
	"date" date NOT NULL,
	"value" bigint NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tracker_points_tracker_id_date_pk" PRIMARY KEY("tracker_id","date")
);
--> statement-breakpoint
CREATE TABLE "trackers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"metric" text NOT NULL,
	"cost_center_id" uuid,
	"property_id" uuid,
	"direction" text DEFAULT 'higher_is_better' NOT NULL,
	"target" bigint NOT NULL,
	"target_period" text DEFAULT 'day' NOT NULL,
	"threshold" bigint NOT NULL,
	"alert_when" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"alert_state" text DEFAULT 'ok' NOT NULL,
	"owner_id" uuid,
	"last_computed_on" date,
	"last_alerted_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trackers_direction" CHECK ("trackers"."direction" in ('higher_is_better', 'lower_is_better')),
	CONSTRAINT "trackers_period" CHECK ("trackers"."target_period" in ('day', 'week', 'month')),
	CONSTRAINT "trackers_alert_when" CHECK ("trackers"."alert_when" in ('below', 'above')),
	CONSTRAINT "trackers_status" CHECK ("trackers"."status" in ('active', 'paused')),
	CONSTRAINT "trackers_alert_state" CHECK ("trackers"."alert_state" in ('ok', 'alerting'))
);
--> statement-breakpoint
ALTER TABLE "tracker_points" ADD CONSTRAINT "tracker_points_tracker_id_trackers_id_fk" FOREIGN KEY ("tracker_id") REFERENCES "public"."trackers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trackers" ADD CONSTRAINT "trackers_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "trackers_name_unique" ON "trackers" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "trackers_status_idx" ON "trackers" USING btree ("status");