ALTER TABLE "batches" ADD COLUMN "bytes_total" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Batches of earlier versions: the uploaded bytes of their files, as the sum an upload read.
UPDATE "batches" SET "bytes_total" = coalesce((
  SELECT sum("documents"."size_bytes") FROM "batch_items"
  INNER JOIN "documents" ON "documents"."id" = "batch_items"."document_id"
  WHERE "batch_items"."batch_id" = "batches"."id"
), 0);
