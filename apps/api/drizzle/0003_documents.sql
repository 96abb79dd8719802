CREATE TABLE "document_signers" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"position" integer NOT NULL,
	"placement" jsonb NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"field_name" varchar(80),
	"signed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer,
	"departement_id" integer,
	"owner_user_id" integer NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"original_key" varchar(200) NOT NULL,
	"current_key" varchar(200) NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"page_count" integer NOT NULL,
	"pages" jsonb NOT NULL,
	"status" varchar(12) DEFAULT 'nostamp' NOT NULL,
	"signing_method" varchar(20),
	"signing_status" varchar(12) DEFAULT 'draft' NOT NULL,
	"placements" jsonb DEFAULT '{"emeterai":null,"esign":[]}'::jsonb NOT NULL,
	"doc_type" varchar(10),
	"doc_value" integer,
	"template_id" integer,
	"serial_number_id" integer,
	"psre_id" varchar(100),
	"psre_path" varchar(300),
	"last_error" text,
	"stamped_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "serial_numbers" (
	"id" serial PRIMARY KEY NOT NULL,
	"serial" varchar(22) NOT NULL,
	"provider" varchar(20) NOT NULL,
	"document_id" integer NOT NULL,
	"status" varchar(12) DEFAULT 'issued' NOT NULL,
	"doc_type" varchar(10) NOT NULL,
	"image_key" varchar(200),
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"stamped_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer,
	"owner_user_id" integer NOT NULL,
	"name" varchar(150) NOT NULL,
	"type" varchar(20) NOT NULL,
	"placements" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "document_signers" ADD CONSTRAINT "document_signers_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_signers" ADD CONSTRAINT "document_signers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "serial_numbers" ADD CONSTRAINT "serial_numbers_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "document_signers_doc_pos_uq" ON "document_signers" USING btree ("document_id","position");--> statement-breakpoint
CREATE INDEX "documents_company_idx" ON "documents" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "documents_owner_idx" ON "documents" USING btree ("owner_user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "serial_numbers_serial_uq" ON "serial_numbers" USING btree ("serial");--> statement-breakpoint
CREATE INDEX "serial_numbers_document_idx" ON "serial_numbers" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "templates_company_idx" ON "templates" USING btree ("company_id");