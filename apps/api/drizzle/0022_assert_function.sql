-- Fails the statement it is part of (and so its whole transaction) when `ok` is not true: lets a
-- single data-modifying statement stand or fall as a whole when two of its parts must agree
-- (e.g. a stamp's stored document and its spent unit).
CREATE FUNCTION bubuh_assert(ok boolean, message text) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  IF ok IS NOT TRUE THEN
    RAISE EXCEPTION USING ERRCODE = 'P0001', MESSAGE = message;
  END IF;
  RETURN true;
END $$;
