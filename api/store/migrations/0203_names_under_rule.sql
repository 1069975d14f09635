-- Names stored before the name rule (schema/common.ts `Name`: trimmed, NFC, not empty, at most
-- `max` UTF-16 code units, none of the characters `nameFault` refuses) are brought under it, so
-- every stored name can be sent back unchanged: watchlists and saved screens (Name(80), unique per
-- account by lower(name)) and API keys (Name(100), optional, not unique). Keys belong to the
-- accounts-and-keys range (0001-0099), but the rule is one, so one migration covers all three.
-- A name that breaks the rule loses its forbidden characters (removed, not replaced), is NFC-
-- normalised, trimmed of what String.prototype.trim trims, and cut to the longest length; an empty
-- result becomes "Untitled watchlist" / "Untitled screen", and a key's becomes NULL (an unnamed
-- key). Names that keep the rule are untouched; a changed name that meets another of the account's
-- (say "Café" typed precomposed and decomposed, which the index told apart) takes the first free
-- " (2)", " (3)", ..., in order of creation, so no row fails or is lost. Lone surrogates cannot be
-- here: PostgreSQL stored them as U+FFFD, which the rule allows and which stays. updated_at is the
-- user's last edit and stays too. The helper functions exist for this migration only.

-- Length as JavaScript counts it (zod's max): characters beyond U+FFFF are two UTF-16 code units.
CREATE FUNCTION m0203_utf16_length(s text) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT length(s) + length(regexp_replace(s, '[^\U00010000-\U0010FFFF]', '', 'g'))
$$;

-- `s` under the rule but for emptiness, at most `max` UTF-16 code units (the nameFault classes:
-- C0, DEL and C1 controls; bidirectional controls; zero-width characters).
CREATE FUNCTION m0203_clean_name(s text, max integer) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  edges constant text := '^[ \u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]+|[ \u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]+$';
BEGIN
  s := regexp_replace(s, '[\x01-\x1F\x7F-\x9F\u061C\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]', '', 'g');
  s := regexp_replace(normalize(s, NFC), edges, '', 'g');
  IF m0203_utf16_length(s) > max THEN
    s := left(s, max);
    WHILE m0203_utf16_length(s) > max LOOP
      s := left(s, -1);
    END LOOP;
    s := regexp_replace(s, edges, '', 'g');
  END IF;
  RETURN s;
END
$$;

-- Rewrites the names of `tab` (columns id, account_id, name, created_at) that break the rule.
-- `fallback` replaces an empty name (NULL: the column is optional); `unique_per_account`: the
-- table has a unique index on (account_id, lower(name)), which every rewrite keeps.
CREATE FUNCTION m0203_rewrite_names(tab text, max integer, fallback text, unique_per_account boolean) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  r record;
  base text;
  candidate text;
  suffix text;
  n integer;
  taken boolean;
BEGIN
  -- The cursor sees the rows as they were when it opened, not the rewrites made below.
  FOR r IN EXECUTE format(
    'SELECT id, account_id, clean FROM (SELECT id, account_id, name, created_at, m0203_clean_name(name, $1) AS clean FROM %I WHERE name IS NOT NULL) c
      WHERE clean <> name OR clean = '''' ORDER BY created_at, id', tab) USING max
  LOOP
    base := CASE WHEN r.clean = '' THEN fallback ELSE r.clean END;
    candidate := base;
    n := 1;
    WHILE unique_per_account LOOP
      EXECUTE format('SELECT EXISTS (SELECT 1 FROM %I WHERE account_id = $1 AND id <> $2 AND lower(name) = lower($3))', tab)
        INTO taken USING r.account_id, r.id, candidate;
      EXIT WHEN NOT taken;
      n := n + 1;
      suffix := ' (' || n || ')';
      candidate := m0203_clean_name(base, max - length(suffix)) || suffix;
    END LOOP;
    EXECUTE format('UPDATE %I SET name = $2 WHERE id = $1', tab) USING r.id, candidate;
  END LOOP;
END
$$;

SELECT m0203_rewrite_names('watchlists', 80, 'Untitled watchlist', true);
SELECT m0203_rewrite_names('saved_screens', 80, 'Untitled screen', true);
SELECT m0203_rewrite_names('api_keys', 100, NULL, false);

DROP FUNCTION m0203_rewrite_names(text, integer, text, boolean);
DROP FUNCTION m0203_clean_name(text, integer);
DROP FUNCTION m0203_utf16_length(text);
