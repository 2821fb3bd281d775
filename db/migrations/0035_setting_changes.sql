CREATE TABLE "platform_setting_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"value" jsonb NOT NULL,
	"effective_from" date NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"changed_by" uuid,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "platform_setting_changes_key_idx" ON "platform_setting_changes" USING btree ("key","effective_from","changed_at");--> statement-breakpoint
INSERT INTO "platform_setting_changes" ("key", "value", "effective_from", "reason", "changed_by", "changed_at")
  SELECT "key", "value", ("updated_at" AT TIME ZONE 'Asia/Dubai')::date, 'Set before effective dates', "updated_by", "updated_at" FROM "platform_settings";
