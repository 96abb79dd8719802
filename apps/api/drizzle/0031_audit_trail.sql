CREATE TABLE "document_audit_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"company_id" integer,
	"type" varchar(20) NOT NULL,
	"actor_kind" varchar(10) NOT NULL,
	"actor_user_id" integer,
	"actor_party_id" integer,
	"actor_name" varchar(150),
	"actor_email" varchar(255),
	"ip_address" varchar(64),
	"user_agent" varchar(300),
	"sha256" varchar(64),
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "document_audit_events_document_idx" ON "document_audit_events" USING btree ("document_id","id");--> statement-breakpoint
-- The trail is evidence: once written, an event stays as it was. Every UPDATE, DELETE and
-- TRUNCATE of it fails, whoever asks (the API's own role included).
CREATE FUNCTION bubuh_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION USING ERRCODE = 'BA001', MESSAGE = 'document_audit_events is append-only';
END $$;
--> statement-breakpoint
CREATE TRIGGER document_audit_events_no_change BEFORE UPDATE OR DELETE ON "document_audit_events"
  FOR EACH ROW EXECUTE FUNCTION bubuh_audit_append_only();
--> statement-breakpoint
CREATE TRIGGER document_audit_events_no_truncate BEFORE TRUNCATE ON "document_audit_events"
  FOR EACH STATEMENT EXECUTE FUNCTION bubuh_audit_append_only();
