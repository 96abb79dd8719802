ALTER TABLE "batch_items" ADD COLUMN "doc_type" varchar(10);--> statement-breakpoint
ALTER TABLE "batch_items" ADD COLUMN "doc_value" integer;--> statement-breakpoint
ALTER TABLE "batch_items" ADD COLUMN "doc_number" varchar(100);--> statement-breakpoint
ALTER TABLE "batch_items" ADD COLUMN "doc_date" date;