CREATE TABLE "signing_notices" (
	"document_id" integer NOT NULL,
	"kind" varchar(10) NOT NULL,
	"subject_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "signing_notices_document_id_kind_subject_id_pk" PRIMARY KEY("document_id","kind","subject_id")
);
--> statement-breakpoint
ALTER TABLE "signing_notices" ADD CONSTRAINT "signing_notices_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_notices" ADD CONSTRAINT "signing_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_signers_pending_user_idx" ON "document_signers" USING btree ("user_id","document_id") WHERE "document_signers"."status" = 'pending';