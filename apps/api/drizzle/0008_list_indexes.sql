-- File-name search uses a trigram index (PGlite loads the pg_trgm contrib module in db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "documents_company_idx";--> statement-breakpoint
DROP INDEX "documents_owner_idx";--> statement-breakpoint
CREATE INDEX "document_signers_user_idx" ON "document_signers" USING btree ("user_id","document_id");--> statement-breakpoint
CREATE INDEX "documents_file_name_trgm_idx" ON "documents" USING gin ("file_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "documents_departement_idx" ON "documents" USING btree ("departement_id","state");--> statement-breakpoint
CREATE INDEX "quota_movements_from_idx" ON "quota_movements" USING btree ("from_account_id","reason","created_at","quantity","kind");--> statement-breakpoint
CREATE INDEX "quota_movements_to_idx" ON "quota_movements" USING btree ("to_account_id","reason","created_at","quantity","kind");--> statement-breakpoint
CREATE INDEX "documents_company_idx" ON "documents" USING btree ("company_id","created_at","id","state");--> statement-breakpoint
CREATE INDEX "documents_owner_idx" ON "documents" USING btree ("owner_user_id","created_at","id","state","company_id");