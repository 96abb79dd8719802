ALTER TABLE "documents" ADD COLUMN "upload_key" varchar(200);--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "repaired" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "repair_warnings" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "javascript_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "javascript" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "javascript_acknowledged_by" integer;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "javascript_acknowledged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_javascript_acknowledged_by_users_id_fk" FOREIGN KEY ("javascript_acknowledged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;