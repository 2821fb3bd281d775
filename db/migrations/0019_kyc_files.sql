CREATE TABLE "stored_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid,
	"purpose" text NOT NULL,
	"visibility" text DEFAULT 'private' NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"width" integer,
	"height" integer,
	"sha256" text NOT NULL,
	"storage" text NOT NULL,
	"storage_key" text NOT NULL,
	"key_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_files_visibility_check" CHECK ("stored_files"."visibility" in ('private', 'public')),
	CONSTRAINT "stored_files_content_type_check" CHECK ("stored_files"."content_type" in ('image/jpeg', 'image/png', 'application/pdf')),
	CONSTRAINT "stored_files_storage_check" CHECK ("stored_files"."storage" in ('local', 's3'))
);
--> statement-breakpoint
CREATE TABLE "kyc_applications" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'in_progress' NOT NULL,
	"personal" jsonb,
	"address" jsonb,
	"financial" jsonb,
	"legal_name" text,
	"id_number" text,
	"nationality" text,
	"classification" text,
	"declaration_accepted_at" timestamp with time zone,
	"first_submitted_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"review_started_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"rejection_reason" text,
	"requested_documents" jsonb,
	"risk_level" text DEFAULT 'low' NOT NULL,
	"flagged" boolean DEFAULT false NOT NULL,
	"screening_hits" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"screened_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kyc_applications_status_check" CHECK ("kyc_applications"."status" in ('not_started', 'in_progress', 'submitted', 'under_review', 'approved', 'rejected', 'resubmitted')),
	CONSTRAINT "kyc_applications_risk_check" CHECK ("kyc_applications"."risk_level" in ('low', 'medium', 'high')),
	CONSTRAINT "kyc_applications_classification_check" CHECK ("kyc_applications"."classification" is null or "kyc_applications"."classification" in ('retail', 'professional'))
);
--> statement-breakpoint
CREATE TABLE "kyc_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"rejection_reason" text,
	"file_id" uuid NOT NULL,
	"original_name" text,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" uuid,
	"superseded_at" timestamp with time zone,
	CONSTRAINT "kyc_documents_type_check" CHECK ("kyc_documents"."type" in ('emirates_id_front', 'emirates_id_back', 'passport', 'proof_of_address', 'selfie', 'supporting')),
	CONSTRAINT "kyc_documents_status_check" CHECK ("kyc_documents"."status" in ('pending', 'accepted', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "kyc_status_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_id" uuid,
	"note" text,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_applications" ADD CONSTRAINT "kyc_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_applications" ADD CONSTRAINT "kyc_applications_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_documents" ADD CONSTRAINT "kyc_documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_documents" ADD CONSTRAINT "kyc_documents_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_documents" ADD CONSTRAINT "kyc_documents_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_status_history" ADD CONSTRAINT "kyc_status_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_status_history" ADD CONSTRAINT "kyc_status_history_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stored_files_owner_idx" ON "stored_files" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "kyc_applications_status_idx" ON "kyc_applications" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_documents_current_unique" ON "kyc_documents" USING btree ("user_id","type") WHERE "kyc_documents"."superseded_at" is null;--> statement-breakpoint
CREATE INDEX "kyc_documents_uploaded_idx" ON "kyc_documents" USING btree ("uploaded_at");--> statement-breakpoint
CREATE INDEX "kyc_status_history_user_idx" ON "kyc_status_history" USING btree ("user_id","created_at");