CREATE TABLE "locker_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer,
	"owner_user_id" integer,
	"parent_id" integer,
	"kind" varchar(10) NOT NULL,
	"name" varchar(255) NOT NULL,
	"storage_key" varchar(300),
	"size_bytes" bigint DEFAULT 0 NOT NULL,
	"mime_type" varchar(150),
	"document_id" integer,
	"serial_number" varchar(100),
	"source_key" varchar(200),
	"created_by" integer,
	"trashed_at" timestamp with time zone,
	"trashed_root" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "locker_plan_limits" (
	"plan_id" integer PRIMARY KEY NOT NULL,
	"max_bytes" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "locker_usage" (
	"account" varchar(40) PRIMARY KEY NOT NULL,
	"used_bytes" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "locker_items" ADD CONSTRAINT "locker_items_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locker_items" ADD CONSTRAINT "locker_items_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locker_items" ADD CONSTRAINT "locker_items_parent_id_locker_items_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."locker_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locker_items" ADD CONSTRAINT "locker_items_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locker_items" ADD CONSTRAINT "locker_items_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locker_plan_limits" ADD CONSTRAINT "locker_plan_limits_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "locker_items_owner_idx" ON "locker_items" USING btree ("owner_user_id","parent_id");--> statement-breakpoint
CREATE INDEX "locker_items_company_idx" ON "locker_items" USING btree ("company_id","parent_id");--> statement-breakpoint
CREATE INDEX "locker_items_document_idx" ON "locker_items" USING btree ("document_id");