CREATE TABLE "locker_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"filing_folder_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "locker_settings" ADD CONSTRAINT "locker_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locker_settings" ADD CONSTRAINT "locker_settings_filing_folder_id_locker_items_id_fk" FOREIGN KEY ("filing_folder_id") REFERENCES "public"."locker_items"("id") ON DELETE set null ON UPDATE no action;