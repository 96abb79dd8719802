-- File-name search uses a trigram index (PGlite loads the pg_trgm contrib module in db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "documents_company_idx";--> statement-breakpoint
DROP INDEX "documents_owner_idx";--> statement-breakpoint
CREATE INDEX "document_signers_user_idx" ON "document_signers" USING btree ("user_id","document_id");--> statement-breakpoint
CREATE INDEX "documents_file_name_trgm_idx" ON "documents" USING gin ("file_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "documents_company_idx" ON "documents" USING btree ("company_id","created_at","id","state");--> statement-breakpoint
CREATE INDEX "documents_owner_idx" ON "documents" USING btree ("owner_user_id","created_at","id","state","company_id");