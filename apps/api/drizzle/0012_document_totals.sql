-- The backfill below reads every document once: no statement timeout for this migration.
SET LOCAL statement_timeout = 0;--> statement-breakpoint
CREATE TABLE "document_signer_totals" (
	"user_id" integer NOT NULL,
	"company_key" integer NOT NULL,
	"owner_user_id" integer NOT NULL,
	"state" varchar(12) NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "document_signer_totals_user_id_company_key_owner_user_id_state_pk" PRIMARY KEY("user_id","company_key","owner_user_id","state")
);
--> statement-breakpoint
CREATE TABLE "document_totals" (
	"company_key" integer NOT NULL,
	"departement_key" integer NOT NULL,
	"owner_user_id" integer NOT NULL,
	"state" varchar(12) NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "document_totals_company_key_departement_key_owner_user_id_state_pk" PRIMARY KEY("company_key","departement_key","owner_user_id","state")
);
--> statement-breakpoint
CREATE INDEX "document_totals_owner_idx" ON "document_totals" USING btree ("owner_user_id");--> statement-breakpoint
-- The totals are kept by the database in the transaction that changes a document, whoever writes
-- it. Two rows change together in a key order (smaller key first), so two transactions moving
-- documents between the same rows cannot deadlock on them.
CREATE FUNCTION document_totals_bump(p_company integer, p_departement integer, p_owner integer, p_state varchar, p_delta integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO document_totals AS t (company_key, departement_key, owner_user_id, state, n)
  VALUES (coalesce(p_company, 0), coalesce(p_departement, 0), p_owner, p_state, p_delta)
  ON CONFLICT (company_key, departement_key, owner_user_id, state) DO UPDATE SET n = t.n + excluded.n
$$;--> statement-breakpoint
CREATE FUNCTION document_signer_totals_bump(p_user integer, p_company integer, p_owner integer, p_state varchar, p_delta integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO document_signer_totals AS t (user_id, company_key, owner_user_id, state, n)
  VALUES (p_user, coalesce(p_company, 0), p_owner, p_state, p_delta)
  ON CONFLICT (user_id, company_key, owner_user_id, state) DO UPDATE SET n = t.n + excluded.n
$$;--> statement-breakpoint
CREATE FUNCTION documents_totals_trg() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  signer integer;
BEGIN
  IF TG_OP = 'DELETE' THEN
    -- BEFORE DELETE: the signers (deleted by the cascade afterwards) are still there.
    PERFORM document_totals_bump(OLD.company_id, OLD.departement_id, OLD.owner_user_id, OLD.state, -1);
    FOR signer IN SELECT DISTINCT user_id FROM document_signers WHERE document_id = OLD.id ORDER BY user_id LOOP
      PERFORM document_signer_totals_bump(signer, OLD.company_id, OLD.owner_user_id, OLD.state, -1);
    END LOOP;
    RETURN OLD;
  END IF;
  IF (coalesce(OLD.company_id, 0), coalesce(OLD.departement_id, 0), OLD.owner_user_id, OLD.state)
     = (coalesce(NEW.company_id, 0), coalesce(NEW.departement_id, 0), NEW.owner_user_id, NEW.state) THEN
    RETURN NULL;
  END IF;
  IF (coalesce(OLD.company_id, 0), coalesce(OLD.departement_id, 0), OLD.owner_user_id, OLD.state)
     < (coalesce(NEW.company_id, 0), coalesce(NEW.departement_id, 0), NEW.owner_user_id, NEW.state) THEN
    PERFORM document_totals_bump(OLD.company_id, OLD.departement_id, OLD.owner_user_id, OLD.state, -1);
    PERFORM document_totals_bump(NEW.company_id, NEW.departement_id, NEW.owner_user_id, NEW.state, 1);
  ELSE
    PERFORM document_totals_bump(NEW.company_id, NEW.departement_id, NEW.owner_user_id, NEW.state, 1);
    PERFORM document_totals_bump(OLD.company_id, OLD.departement_id, OLD.owner_user_id, OLD.state, -1);
  END IF;
  IF (coalesce(OLD.company_id, 0), OLD.owner_user_id, OLD.state)
     <> (coalesce(NEW.company_id, 0), NEW.owner_user_id, NEW.state) THEN
    FOR signer IN SELECT DISTINCT user_id FROM document_signers WHERE document_id = NEW.id ORDER BY user_id LOOP
      IF (coalesce(OLD.company_id, 0), OLD.owner_user_id, OLD.state)
         < (coalesce(NEW.company_id, 0), NEW.owner_user_id, NEW.state) THEN
        PERFORM document_signer_totals_bump(signer, OLD.company_id, OLD.owner_user_id, OLD.state, -1);
        PERFORM document_signer_totals_bump(signer, NEW.company_id, NEW.owner_user_id, NEW.state, 1);
      ELSE
        PERFORM document_signer_totals_bump(signer, NEW.company_id, NEW.owner_user_id, NEW.state, 1);
        PERFORM document_signer_totals_bump(signer, OLD.company_id, OLD.owner_user_id, OLD.state, -1);
      END IF;
    END LOOP;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- New documents: one change per total and statement, so a bulk insert does not update the same
-- total row once per document.
CREATE FUNCTION documents_totals_added_trg() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO document_totals AS t (company_key, departement_key, owner_user_id, state, n)
  SELECT coalesce(company_id, 0), coalesce(departement_id, 0), owner_user_id, state, count(*)::int
  FROM added GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (company_key, departement_key, owner_user_id, state) DO UPDATE SET n = t.n + excluded.n;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER documents_totals_insert AFTER INSERT ON documents REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION documents_totals_added_trg();--> statement-breakpoint
CREATE TRIGGER documents_totals_update AFTER UPDATE OF state, company_id, departement_id, owner_user_id ON documents FOR EACH ROW EXECUTE FUNCTION documents_totals_trg();--> statement-breakpoint
CREATE TRIGGER documents_totals_delete BEFORE DELETE ON documents FOR EACH ROW EXECUTE FUNCTION documents_totals_trg();--> statement-breakpoint
-- A signer counts a document once however many boxes it has: the statement that adds the user's
-- first rows on a document adds, the one that removes the last rows removes. Rows removed by the
-- document's own deletion find no document (its BEFORE DELETE trigger counted them already).
CREATE FUNCTION document_signers_added_trg() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  p record;
BEGIN
  FOR p IN
    SELECT a.user_id, d.company_id, d.owner_user_id, d.state, count(*)::int AS k
    FROM (SELECT document_id, user_id, count(*) AS rows_added FROM added GROUP BY 1, 2) a
    JOIN documents d ON d.id = a.document_id
    WHERE (SELECT count(*) FROM document_signers s WHERE s.document_id = a.document_id AND s.user_id = a.user_id) = a.rows_added
    GROUP BY 1, 2, 3, 4 ORDER BY 1, coalesce(d.company_id, 0), 3, 4
  LOOP
    PERFORM document_signer_totals_bump(p.user_id, p.company_id, p.owner_user_id, p.state, p.k);
  END LOOP;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION document_signers_removed_trg() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  p record;
BEGIN
  FOR p IN
    SELECT r.user_id, d.company_id, d.owner_user_id, d.state, count(*)::int AS k
    FROM (SELECT DISTINCT document_id, user_id FROM removed) r
    JOIN documents d ON d.id = r.document_id
    WHERE NOT EXISTS (SELECT 1 FROM document_signers s WHERE s.document_id = r.document_id AND s.user_id = r.user_id)
    GROUP BY 1, 2, 3, 4 ORDER BY 1, coalesce(d.company_id, 0), 3, 4
  LOOP
    PERFORM document_signer_totals_bump(p.user_id, p.company_id, p.owner_user_id, p.state, -p.k);
  END LOOP;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- Moving a signer row to another user or document (one row at a time).
CREATE FUNCTION document_signers_moved_trg() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  doc record;
BEGIN
  SELECT company_id, owner_user_id, state INTO doc FROM documents WHERE id = OLD.document_id;
  IF FOUND AND NOT EXISTS (SELECT 1 FROM document_signers WHERE document_id = OLD.document_id AND user_id = OLD.user_id) THEN
    PERFORM document_signer_totals_bump(OLD.user_id, doc.company_id, doc.owner_user_id, doc.state, -1);
  END IF;
  SELECT company_id, owner_user_id, state INTO doc FROM documents WHERE id = NEW.document_id;
  IF FOUND AND NOT EXISTS (SELECT 1 FROM document_signers WHERE document_id = NEW.document_id AND user_id = NEW.user_id AND id <> NEW.id) THEN
    PERFORM document_signer_totals_bump(NEW.user_id, doc.company_id, doc.owner_user_id, doc.state, 1);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER document_signers_totals_insert AFTER INSERT ON document_signers REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION document_signers_added_trg();--> statement-breakpoint
CREATE TRIGGER document_signers_totals_delete AFTER DELETE ON document_signers REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION document_signers_removed_trg();--> statement-breakpoint
CREATE TRIGGER document_signers_totals_move AFTER UPDATE OF user_id, document_id ON document_signers FOR EACH ROW WHEN (OLD.user_id <> NEW.user_id OR OLD.document_id <> NEW.document_id) EXECUTE FUNCTION document_signers_moved_trg();--> statement-breakpoint
-- Documents written before this migration.
INSERT INTO document_totals (company_key, departement_key, owner_user_id, state, n)
SELECT coalesce(company_id, 0), coalesce(departement_id, 0), owner_user_id, state, count(*)::int
FROM documents GROUP BY 1, 2, 3, 4;--> statement-breakpoint
INSERT INTO document_signer_totals (user_id, company_key, owner_user_id, state, n)
SELECT s.user_id, coalesce(d.company_id, 0), d.owner_user_id, d.state, count(DISTINCT d.id)::int
FROM document_signers s JOIN documents d ON d.id = s.document_id GROUP BY 1, 2, 3, 4;
