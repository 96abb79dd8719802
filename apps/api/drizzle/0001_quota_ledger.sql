CREATE TABLE "master_status" (
	"id" serial PRIMARY KEY NOT NULL,
	"status_group" varchar(60) NOT NULL,
	"status_name" varchar(200) NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"status" varchar(20) DEFAULT 'active' NOT NULL,
	"note" text,
	"price_idr" integer DEFAULT 0 NOT NULL,
	"duration_days" integer DEFAULT 365 NOT NULL,
	"total_emeterai" integer DEFAULT 0 NOT NULL,
	"total_esign" integer DEFAULT 0 NOT NULL,
	"total_multiuser" integer DEFAULT 0 NOT NULL,
	"total_psre" integer DEFAULT 0 NOT NULL,
	"is_multiple_esign" boolean DEFAULT false NOT NULL,
	"is_parent" boolean DEFAULT false NOT NULL,
	"is_digital_locker" boolean DEFAULT false NOT NULL,
	"is_emeterai" boolean DEFAULT true NOT NULL,
	"is_esign_certificate" boolean DEFAULT false NOT NULL,
	"is_esign_spesimen" boolean DEFAULT false NOT NULL,
	"is_multi_sign" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quota_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_type" varchar(12) NOT NULL,
	"owner_id" integer NOT NULL,
	"kind" varchar(10) NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	"company_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quota_accounts_balance_ck" CHECK ("quota_accounts"."owner_type" = 'system' or "quota_accounts"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "quota_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"movement_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"delta" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quota_movements" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(10) NOT NULL,
	"quantity" integer NOT NULL,
	"reason" varchar(20) NOT NULL,
	"from_account_id" integer NOT NULL,
	"to_account_id" integer NOT NULL,
	"actor_user_id" integer,
	"company_id" integer,
	"ref_type" varchar(30),
	"ref_id" varchar(64),
	"idempotency_key" varchar(128),
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quota_movements_qty_ck" CHECK ("quota_movements"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"company_id" integer,
	"user_id" integer,
	"status" varchar(20) DEFAULT 'active' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "quota_accounts" ADD CONSTRAINT "quota_accounts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quota_entries" ADD CONSTRAINT "quota_entries_movement_id_quota_movements_id_fk" FOREIGN KEY ("movement_id") REFERENCES "public"."quota_movements"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quota_entries" ADD CONSTRAINT "quota_entries_account_id_quota_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."quota_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quota_movements" ADD CONSTRAINT "quota_movements_from_account_id_quota_accounts_id_fk" FOREIGN KEY ("from_account_id") REFERENCES "public"."quota_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quota_movements" ADD CONSTRAINT "quota_movements_to_account_id_quota_accounts_id_fk" FOREIGN KEY ("to_account_id") REFERENCES "public"."quota_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quota_movements" ADD CONSTRAINT "quota_movements_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quota_movements" ADD CONSTRAINT "quota_movements_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "master_status_group_uq" ON "master_status" USING btree ("status_group");--> statement-breakpoint
CREATE UNIQUE INDEX "quota_accounts_owner_uq" ON "quota_accounts" USING btree ("owner_type","owner_id","kind");--> statement-breakpoint
CREATE INDEX "quota_entries_account_idx" ON "quota_entries" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "quota_movements_idem_uq" ON "quota_movements" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "quota_movements_company_idx" ON "quota_movements" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "subscriptions_company_idx" ON "subscriptions" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "subscriptions_user_idx" ON "subscriptions" USING btree ("user_id");