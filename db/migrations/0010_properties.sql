CREATE TABLE "market_index_figures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"series" text NOT NULL,
	"period" date NOT NULL,
	"value" bigint NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "market_index_figures_series_period_unique" UNIQUE("series","period"),
	CONSTRAINT "market_index_figures_period_first_day" CHECK (extract(day from "market_index_figures"."period") = 1)
);
--> statement-breakpoint
CREATE TABLE "properties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"community" text NOT NULL,
	"city" text NOT NULL,
	"property_type" text NOT NULL,
	"bedrooms" integer DEFAULT 0 NOT NULL,
	"bathrooms" integer DEFAULT 1 NOT NULL,
	"size_sqft" integer NOT NULL,
	"year_built" integer,
	"features" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"share_price" bigint NOT NULL,
	"total_shares" bigint NOT NULL,
	"shares_sold" bigint DEFAULT 0 NOT NULL,
	"funding_target" bigint NOT NULL,
	"funding_deadline" date,
	"purchase_price" bigint NOT NULL,
	"acquisition_costs" bigint DEFAULT 0 NOT NULL,
	"valuation" bigint NOT NULL,
	"valued_on" date,
	"annual_rent" bigint DEFAULT 0 NOT NULL,
	"service_charges" bigint DEFAULT 0 NOT NULL,
	"maintenance_costs" bigint DEFAULT 0 NOT NULL,
	"management_fee_bps" integer DEFAULT 0 NOT NULL,
	"occupancy_bps" integer DEFAULT 10000 NOT NULL,
	"projected_appreciation_bps" integer DEFAULT 0 NOT NULL,
	"hold_years" integer DEFAULT 5 NOT NULL,
	"gross_yield_bps" integer DEFAULT 0 NOT NULL,
	"net_yield_bps" integer DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "properties_status_check" CHECK ("properties"."status" in ('draft', 'coming_soon', 'funding', 'funded', 'exited', 'closed')),
	CONSTRAINT "properties_share_price_positive" CHECK ("properties"."share_price" > 0),
	CONSTRAINT "properties_total_shares_positive" CHECK ("properties"."total_shares" > 0),
	CONSTRAINT "properties_money_nonnegative" CHECK ("properties"."purchase_price" >= 0 and "properties"."acquisition_costs" >= 0 and "properties"."valuation" >= 0 and "properties"."annual_rent" >= 0 and "properties"."service_charges" >= 0 and "properties"."maintenance_costs" >= 0),
	CONSTRAINT "properties_bps_range" CHECK ("properties"."occupancy_bps" between 0 and 10000 and "properties"."management_fee_bps" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "property_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"file_id" uuid,
	"url" text NOT NULL,
	"size_bytes" integer,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "property_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"file_id" uuid,
	"url" text NOT NULL,
	"alt" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "property_rents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"effective_on" date NOT NULL,
	"annual_rent" bigint NOT NULL,
	"occupancy_bps" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "property_rents_day_unique" UNIQUE("property_id","effective_on"),
	CONSTRAINT "property_rents_nonnegative" CHECK ("property_rents"."annual_rent" >= 0 and "property_rents"."occupancy_bps" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "property_valuations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"valued_on" date NOT NULL,
	"valuation" bigint NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "property_valuations_day_unique" UNIQUE("property_id","valued_on"),
	CONSTRAINT "property_valuations_positive" CHECK ("property_valuations"."valuation" > 0)
);
--> statement-breakpoint
ALTER TABLE "market_index_figures" ADD CONSTRAINT "market_index_figures_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_documents" ADD CONSTRAINT "property_documents_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_documents" ADD CONSTRAINT "property_documents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_photos" ADD CONSTRAINT "property_photos_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_photos" ADD CONSTRAINT "property_photos_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_rents" ADD CONSTRAINT "property_rents_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_rents" ADD CONSTRAINT "property_rents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_valuations" ADD CONSTRAINT "property_valuations_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_valuations" ADD CONSTRAINT "property_valuations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "properties_reference_unique" ON "properties" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "properties_slug_unique" ON "properties" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "properties_status_idx" ON "properties" USING btree ("status");--> statement-breakpoint
CREATE INDEX "properties_city_idx" ON "properties" USING btree ("city");--> statement-breakpoint
CREATE INDEX "property_documents_property_idx" ON "property_documents" USING btree ("property_id");--> statement-breakpoint
CREATE INDEX "property_photos_property_idx" ON "property_photos" USING btree ("property_id","position");