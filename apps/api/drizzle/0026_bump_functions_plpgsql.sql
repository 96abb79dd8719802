-- The bump functions of the kept totals (0012) and of the document versions (0020) were SQL
-- functions: called from a trigger, each call parsed and planned its INSERT … ON CONFLICT again
-- (PostgreSQL before 18 keeps no plan of a SQL function between statements). As PL/pgSQL they
-- keep their plans for the session, and the usual case (the row is there) is one UPDATE; only a
-- missing row takes the INSERT … ON CONFLICT, which also settles two first writers racing.
CREATE OR REPLACE FUNCTION document_totals_bump(p_company integer, p_departement integer, p_owner integer, p_state varchar, p_delta integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE document_totals SET n = n + p_delta
  WHERE company_key = coalesce(p_company, 0) AND departement_key = coalesce(p_departement, 0)
    AND owner_user_id = p_owner AND state = p_state;
  IF NOT FOUND THEN
    INSERT INTO document_totals AS t (company_key, departement_key, owner_user_id, state, n)
    VALUES (coalesce(p_company, 0), coalesce(p_departement, 0), p_owner, p_state, p_delta)
    ON CONFLICT (company_key, departement_key, owner_user_id, state) DO UPDATE SET n = t.n + excluded.n;
  END IF;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION document_signer_totals_bump(p_user integer, p_company integer, p_owner integer, p_state varchar, p_delta integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE document_signer_totals SET n = n + p_delta
  WHERE user_id = p_user AND company_key = coalesce(p_company, 0) AND owner_user_id = p_owner
    AND state = p_state;
  IF NOT FOUND THEN
    INSERT INTO document_signer_totals AS t (user_id, company_key, owner_user_id, state, n)
    VALUES (p_user, coalesce(p_company, 0), p_owner, p_state, p_delta)
    ON CONFLICT (user_id, company_key, owner_user_id, state) DO UPDATE SET n = t.n + excluded.n;
  END IF;
END $$;--> statement-breakpoint
-- Keys in ascending order, each once (two writers bumping the same rows cannot deadlock).
CREATE OR REPLACE FUNCTION document_versions_bump(p_keys integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  k integer;
BEGIN
  FOR k IN SELECT DISTINCT key FROM unnest(p_keys) AS key ORDER BY key LOOP
    UPDATE document_versions SET version = version + 1 WHERE company_key = k;
    IF NOT FOUND THEN
      INSERT INTO document_versions AS v (company_key, version) VALUES (k, 1)
      ON CONFLICT (company_key) DO UPDATE SET version = v.version + 1;
    END IF;
  END LOOP;
END $$;
