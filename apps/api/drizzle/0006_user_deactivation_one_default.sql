ALTER TABLE "users" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
UPDATE "esign_specimens" SET "is_default" = false WHERE "is_default" AND "id" <> (SELECT min(s."id") FROM "esign_specimens" s WHERE s."user_id" = "esign_specimens"."user_id" AND s."is_default");--> statement-breakpoint
CREATE UNIQUE INDEX "esign_specimens_one_default_uq" ON "esign_specimens" USING btree ("user_id") WHERE "esign_specimens"."is_default";
