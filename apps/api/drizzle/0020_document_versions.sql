CREATE TABLE "document_versions" (
	"company_key" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Bumped in the transaction of every change a document read shows (lists, details, dashboard), so
-- those reads can answer 304 while their counters are unchanged. Keys in order: two transactions
-- bumping the same companies cannot deadlock on them.
CREATE FUNCTION document_versions_bump(p_keys integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO document_versions AS v (company_key, version)
  SELECT k, 1 FROM (SELECT DISTINCT k FROM unnest(p_keys) AS k) keys ORDER BY k
  ON CONFLICT (company_key) DO UPDATE SET version = v.version + 1
$$;--> statement-breakpoint
-- Documents and signers: deferred to the commit, so a counter row is locked only while its
-- transaction commits (never between statements, where it could meet another lock in the other
-- order). Once per changed row: a transaction bumps its company's counter as often as it changes
-- rows, all in its commit.
CREATE FUNCTION documents_version_trg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM document_versions_bump(ARRAY[coalesce(NEW.company_id, 0)]);
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM document_versions_bump(ARRAY[coalesce(OLD.company_id, 0), coalesce(NEW.company_id, 0)]);
  ELSE
    PERFORM document_versions_bump(ARRAY[coalesce(OLD.company_id, 0)]);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER documents_version AFTER INSERT OR UPDATE OR DELETE ON documents DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION documents_version_trg();--> statement-breakpoint
-- Signers: the company of their document (a document deleted with them has bumped it already).
CREATE FUNCTION document_signers_version_trg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM document_versions_bump(array(
    SELECT coalesce(d.company_id, 0) FROM documents d
    WHERE d.id = CASE WHEN TG_OP = 'DELETE' THEN OLD.document_id ELSE NEW.document_id END
       OR (TG_OP = 'UPDATE' AND d.id = OLD.document_id)));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER document_signers_version AFTER INSERT OR UPDATE OR DELETE ON document_signers DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION document_signers_version_trg();--> statement-breakpoint
-- Names and serials a listed document shows (owner, signers, confirmer, department, serial):
-- rare changes, so every counter.
CREATE FUNCTION document_versions_bump_all_trg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM document_versions_bump(array(SELECT company_key FROM document_versions));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER users_name_version AFTER UPDATE OF full_name ON users FOR EACH ROW WHEN (OLD.full_name IS DISTINCT FROM NEW.full_name) EXECUTE FUNCTION document_versions_bump_all_trg();--> statement-breakpoint
CREATE TRIGGER departements_name_version AFTER UPDATE OF name ON departements FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION document_versions_bump_all_trg();--> statement-breakpoint
CREATE TRIGGER serial_numbers_version AFTER UPDATE OF serial ON serial_numbers FOR EACH ROW WHEN (OLD.serial IS DISTINCT FROM NEW.serial) EXECUTE FUNCTION document_versions_bump_all_trg();--> statement-breakpoint
INSERT INTO document_versions (company_key, version)
SELECT DISTINCT coalesce(company_id, 0), 1 FROM documents;
