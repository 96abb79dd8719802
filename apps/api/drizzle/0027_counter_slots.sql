-- Kept counters in slots. Every writer of a document changed the same few counter rows (the
-- owner's totals per state, the company's version), and a changed row stays locked until its
-- transaction commits: stamps, uploads and signatures running at once waited for each other's
-- commits there (a batch's claims spent most of their time in those lock waits). Each counter is
-- now spread over up to 16 rows (`slot`); a writer changes the row of its connection
-- (`counter_slot()`), so writers on other connections never wait for it. Readers sum the slots.
-- Rows written before keep slot 0.
ALTER TABLE "document_signer_totals" ADD COLUMN "slot" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "document_totals" ADD COLUMN "slot" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "document_versions" ADD COLUMN "slot" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "document_signer_totals" DROP CONSTRAINT "document_signer_totals_user_id_company_key_owner_user_id_state_pk";--> statement-breakpoint
ALTER TABLE "document_totals" DROP CONSTRAINT "document_totals_company_key_departement_key_owner_user_id_state_pk";--> statement-breakpoint
ALTER TABLE "document_versions" DROP CONSTRAINT "document_versions_pkey";--> statement-breakpoint
ALTER TABLE "document_signer_totals" ADD CONSTRAINT "document_signer_totals_user_id_company_key_owner_user_id_state_slot_pk" PRIMARY KEY("user_id","company_key","owner_user_id","state","slot");--> statement-breakpoint
ALTER TABLE "document_totals" ADD CONSTRAINT "document_totals_company_key_departement_key_owner_user_id_state_slot_pk" PRIMARY KEY("company_key","departement_key","owner_user_id","state","slot");--> statement-breakpoint
ALTER TABLE "document_versions" ADD CONSTRAINT "document_versions_company_key_slot_pk" PRIMARY KEY("company_key","slot");--> statement-breakpoint
-- The connection's slot: the same for all of a transaction's changes, so its rows are still
-- taken in key order (two writers on one slot cannot deadlock), and different for the pool's
-- connections (consecutive pids).
CREATE FUNCTION counter_slot() RETURNS smallint LANGUAGE sql STABLE AS $$
  SELECT (pg_backend_pid() % 16)::smallint
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION document_totals_bump(p_company integer, p_departement integer, p_owner integer, p_state varchar, p_delta integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  s smallint := counter_slot();
BEGIN
  UPDATE document_totals SET n = n + p_delta
  WHERE company_key = coalesce(p_company, 0) AND departement_key = coalesce(p_departement, 0)
    AND owner_user_id = p_owner AND state = p_state AND slot = s;
  IF NOT FOUND THEN
    INSERT INTO document_totals AS t (company_key, departement_key, owner_user_id, state, slot, n)
    VALUES (coalesce(p_company, 0), coalesce(p_departement, 0), p_owner, p_state, s, p_delta)
    ON CONFLICT (company_key, departement_key, owner_user_id, state, slot) DO UPDATE SET n = t.n + excluded.n;
  END IF;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION document_signer_totals_bump(p_user integer, p_company integer, p_owner integer, p_state varchar, p_delta integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  s smallint := counter_slot();
BEGIN
  UPDATE document_signer_totals SET n = n + p_delta
  WHERE user_id = p_user AND company_key = coalesce(p_company, 0) AND owner_user_id = p_owner
    AND state = p_state AND slot = s;
  IF NOT FOUND THEN
    INSERT INTO document_signer_totals AS t (user_id, company_key, owner_user_id, state, slot, n)
    VALUES (p_user, coalesce(p_company, 0), p_owner, p_state, s, p_delta)
    ON CONFLICT (user_id, company_key, owner_user_id, state, slot) DO UPDATE SET n = t.n + excluded.n;
  END IF;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION documents_totals_added_trg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO document_totals AS t (company_key, departement_key, owner_user_id, state, slot, n)
  SELECT coalesce(company_id, 0), coalesce(departement_id, 0), owner_user_id, state, counter_slot(), count(*)::int
  FROM added GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (company_key, departement_key, owner_user_id, state, slot) DO UPDATE SET n = t.n + excluded.n;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION document_versions_bump(p_keys integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  k integer;
  s smallint := counter_slot();
BEGIN
  FOR k IN SELECT DISTINCT key FROM unnest(p_keys) AS key ORDER BY key LOOP
    UPDATE document_versions SET version = version + 1 WHERE company_key = k AND slot = s;
    IF NOT FOUND THEN
      INSERT INTO document_versions AS v (company_key, slot, version) VALUES (k, s, 1)
      ON CONFLICT (company_key, slot) DO UPDATE SET version = v.version + 1;
    END IF;
  END LOOP;
END $$;--> statement-breakpoint
-- Renames bump every company once (not once per slot row).
CREATE OR REPLACE FUNCTION document_versions_bump_all_trg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM document_versions_bump(array(SELECT DISTINCT company_key FROM document_versions));
  RETURN NULL;
END
$$;
