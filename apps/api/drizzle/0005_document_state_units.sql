CREATE TABLE "unit_reservations" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(10) NOT NULL,
	"payer_account_id" integer NOT NULL,
	"company_id" integer,
	"document_id" integer,
	"state" varchar(10) DEFAULT 'reserved' NOT NULL,
	"idempotency_key" varchar(64) NOT NULL,
	"actor_user_id" integer,
	"reserve_movement_id" integer NOT NULL,
	"release_movement_id" integer,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "documents" ALTER COLUMN "doc_value" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "state" varchar(12) DEFAULT 'draft' NOT NULL;--> statement-breakpoint
ALTER TABLE "unit_reservations" ADD CONSTRAINT "unit_reservations_payer_account_id_quota_accounts_id_fk" FOREIGN KEY ("payer_account_id") REFERENCES "public"."quota_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_reservations" ADD CONSTRAINT "unit_reservations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_reservations" ADD CONSTRAINT "unit_reservations_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_reservations" ADD CONSTRAINT "unit_reservations_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_reservations" ADD CONSTRAINT "unit_reservations_reserve_movement_id_quota_movements_id_fk" FOREIGN KEY ("reserve_movement_id") REFERENCES "public"."quota_movements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_reservations" ADD CONSTRAINT "unit_reservations_release_movement_id_quota_movements_id_fk" FOREIGN KEY ("release_movement_id") REFERENCES "public"."quota_movements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "unit_reservations_key_uq" ON "unit_reservations" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "unit_reservations_state_idx" ON "unit_reservations" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "unit_reservations_document_idx" ON "unit_reservations" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "documents_state_idx" ON "documents" USING btree ("state","updated_at");--> statement-breakpoint
UPDATE "documents" SET "state" = CASE
  WHEN "status" = 'stamp' THEN 'stamped'
  WHEN "status" = 'canceled' THEN 'cancelled'
  WHEN "signing_status" = 'stamping' THEN 'stamping'
  WHEN "signing_status" IN ('draft', 'signing', 'signed') THEN "signing_status"
  WHEN "signing_status" = 'stamped' THEN 'stamped'
  WHEN EXISTS (SELECT 1 FROM "document_signers" s WHERE s."document_id" = "documents"."id" AND s."status" = 'pending') THEN 'signing'
  WHEN EXISTS (SELECT 1 FROM "document_signers" s WHERE s."document_id" = "documents"."id") THEN 'signed'
  ELSE 'draft'
END;--> statement-breakpoint
ALTER TABLE "documents" DROP COLUMN "status";--> statement-breakpoint
ALTER TABLE "documents" DROP COLUMN "signing_status";
