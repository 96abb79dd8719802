ALTER TABLE "batch_items" ADD COLUMN "locker_problem" varchar(12);--> statement-breakpoint
ALTER TABLE "batches" ADD COLUMN "count_unfiled" integer DEFAULT 0 NOT NULL;