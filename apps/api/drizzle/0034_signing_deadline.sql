ALTER TABLE "documents" ADD COLUMN "deadline_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "remind_every_days" integer;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "stop_reason" varchar(8);--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "stopped_by" integer;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "stop_note" varchar(500);--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "stopped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_stopped_by_users_id_fk" FOREIGN KEY ("stopped_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documents_signing_round_idx" ON "documents" USING btree ("id") WHERE "documents"."state" = 'signing' and ("documents"."deadline_at" is not null or "documents"."remind_every_days" is not null);