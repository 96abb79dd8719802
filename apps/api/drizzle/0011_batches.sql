CREATE TABLE "batch_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"batch_id" integer NOT NULL,
	"document_id" integer,
	"file_name" varchar(255) NOT NULL,
	"status" varchar(10) NOT NULL,
	"reason" text,
	"page_count" integer,
	"job_id" varchar(40),
	"serial" varchar(64),
	"stamped_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer,
	"departement_id" integer,
	"owner_user_id" integer NOT NULL,
	"name" varchar(150) NOT NULL,
	"status" varchar(12) DEFAULT 'draft' NOT NULL,
	"doc_type" varchar(10) NOT NULL,
	"doc_value" integer,
	"placement" jsonb NOT NULL,
	"template_id" integer,
	"actor" jsonb NOT NULL,
	"payer" jsonb NOT NULL,
	"count_ready" integer DEFAULT 0 NOT NULL,
	"count_rejected" integer DEFAULT 0 NOT NULL,
	"count_queued" integer DEFAULT 0 NOT NULL,
	"count_stamping" integer DEFAULT 0 NOT NULL,
	"count_stamped" integer DEFAULT 0 NOT NULL,
	"count_failed" integer DEFAULT 0 NOT NULL,
	"count_cancelled" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "batch_items" ADD CONSTRAINT "batch_items_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_items" ADD CONSTRAINT "batch_items_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_departement_id_departements_id_fk" FOREIGN KEY ("departement_id") REFERENCES "public"."departements"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "batch_items_batch_idx" ON "batch_items" USING btree ("batch_id","status","id");--> statement-breakpoint
CREATE INDEX "batch_items_document_idx" ON "batch_items" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "batches_company_idx" ON "batches" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "batches_owner_idx" ON "batches" USING btree ("owner_user_id","created_at");--> statement-breakpoint
CREATE INDEX "batches_status_idx" ON "batches" USING btree ("status");