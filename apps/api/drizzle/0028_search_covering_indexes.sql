-- A search's candidates and its capped count (up to 1,001 matches) read the folded file name and
-- the serial from the visibility indexes (index-only scans) instead of the wide rows, so a count
-- does less work (measured by `npm run bench:api`, see docs/performance.md).
DROP INDEX "documents_company_idx";--> statement-breakpoint
DROP INDEX "documents_owner_idx";--> statement-breakpoint
CREATE INDEX "documents_company_idx" ON "documents" USING btree ("company_id","created_at","id","state","file_name_folded","serial_number_id");--> statement-breakpoint
CREATE INDEX "documents_owner_idx" ON "documents" USING btree ("owner_user_id","created_at","id","state","company_id","file_name_folded","serial_number_id");