CREATE TABLE "bulk_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer,
	"owner_user_id" integer NOT NULL,
	"name" varchar(150) NOT NULL,
	"doc_type" varchar(10) NOT NULL,
	"doc_value" integer,
	"emeterai" jsonb NOT NULL,
	"esign" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "batches" ADD COLUMN "esign" jsonb;--> statement-breakpoint
ALTER TABLE "bulk_templates" ADD CONSTRAINT "bulk_templates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_templates" ADD CONSTRAINT "bulk_templates_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bulk_templates_company_idx" ON "bulk_templates" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "bulk_templates_owner_idx" ON "bulk_templates" USING btree ("owner_user_id");