CREATE TABLE "signer_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"signer_id" integer NOT NULL,
	"document_id" integer NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"code_hash" varchar(64),
	"code_expires_at" timestamp with time zone,
	"code_attempts" integer DEFAULT 0 NOT NULL,
	"codes_sent" integer DEFAULT 0 NOT NULL,
	"code_window_started_at" timestamp with time zone,
	"verified_at" timestamp with time zone,
	"session_hash" varchar(64),
	"session_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "document_signers" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "document_signers" ADD COLUMN "party_name" varchar(150);--> statement-breakpoint
ALTER TABLE "document_signers" ADD COLUMN "party_email" varchar(254);--> statement-breakpoint
ALTER TABLE "document_signers" ADD COLUMN "party_phone" varchar(20);--> statement-breakpoint
ALTER TABLE "signer_links" ADD CONSTRAINT "signer_links_signer_id_document_signers_id_fk" FOREIGN KEY ("signer_id") REFERENCES "public"."document_signers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signer_links" ADD CONSTRAINT "signer_links_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "signer_links_token_uq" ON "signer_links" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "signer_links_signer_uq" ON "signer_links" USING btree ("signer_id");--> statement-breakpoint
ALTER TABLE "document_signers" ADD CONSTRAINT "document_signers_user_or_party" CHECK ("document_signers"."user_id" is not null or ("document_signers"."party_name" is not null and "document_signers"."party_email" is not null));--> statement-breakpoint
-- "Documents I sign" counts users' signer rows; an outside party (no user) has no such list.
CREATE OR REPLACE FUNCTION document_signer_totals_bump(p_user integer, p_company integer, p_owner integer, p_state varchar, p_delta integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  s smallint := counter_slot();
BEGIN
  IF p_user IS NULL THEN
    RETURN;
  END IF;
  UPDATE document_signer_totals SET n = n + p_delta
  WHERE user_id = p_user AND company_key = coalesce(p_company, 0) AND owner_user_id = p_owner
    AND state = p_state AND slot = s;
  IF NOT FOUND THEN
    INSERT INTO document_signer_totals AS t (user_id, company_key, owner_user_id, state, slot, n)
    VALUES (p_user, coalesce(p_company, 0), p_owner, p_state, s, p_delta)
    ON CONFLICT (user_id, company_key, owner_user_id, state, slot) DO UPDATE SET n = t.n + excluded.n;
  END IF;
END $$;
