-- A live locker item's name is unique in its folder, case-insensitively, as the app has always
-- named items apart ("name (1)"); the index lets a new item go in with one statement that does
-- nothing when its name is taken. Names that broke the rule before (a filing folder made under a
-- case variant of an existing name) first get their id added, so the index can be built.
UPDATE "locker_items" AS i
SET "name" = left(CASE
  WHEN i."kind" = 'file' AND i."name" ~ '^.+\.[^.]*$'
    THEN left(regexp_replace(i."name", '^(.+)(\.[^.]*)$', '\1'), 230) || ' (' || i."id" || ')'
      || substring(i."name" from '\.[^.]*$')
  ELSE left(i."name", 230) || ' (' || i."id" || ')'
END, 255)
FROM (
  SELECT "id", row_number() OVER (
    PARTITION BY coalesce("owner_user_id", -"company_id"), coalesce("parent_id", 0), lower("name")
    ORDER BY "id"
  ) AS n
  FROM "locker_items"
  WHERE "trashed_at" IS NULL
) AS d
WHERE d."id" = i."id" AND d.n > 1;--> statement-breakpoint
CREATE UNIQUE INDEX "locker_items_live_name_idx" ON "locker_items" USING btree (coalesce("owner_user_id", -"company_id"),coalesce("parent_id", 0),lower("name")) WHERE "locker_items"."trashed_at" is null;