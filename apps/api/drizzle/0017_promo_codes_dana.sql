CREATE TABLE "promo_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(40) NOT NULL,
	"kind" varchar(10) NOT NULL,
	"value" integer NOT NULL,
	"usage_limit" integer,
	"used_count" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_usage_ck" CHECK ("promo_codes"."used_count" >= 0 and ("promo_codes"."usage_limit" is null or "promo_codes"."used_count" <= "promo_codes"."usage_limit")),
	CONSTRAINT "promo_codes_value_ck" CHECK ("promo_codes"."value" > 0)
);
--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_total_ck";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "channel" varchar(20);--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "promo_code" varchar(40);--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "discount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_code_uq" ON "promo_codes" USING btree ("code");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_total_ck" CHECK ("invoices"."total" = "invoices"."subtotal" - "invoices"."discount" + "invoices"."tax" and "invoices"."subtotal" >= 0 and "invoices"."discount" between 0 and "invoices"."subtotal");