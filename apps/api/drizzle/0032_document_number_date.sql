ALTER TABLE "documents" ADD COLUMN "doc_number" varchar(50);--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "doc_date" date;