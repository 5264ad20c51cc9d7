-- Wallet registry and generated images.
CREATE TABLE images (
  image_id     text PRIMARY KEY,
  kind         text NOT NULL CHECK (kind IN ('wallet', 'network', 'connector', 'currency', 'token')),
  content_type text NOT NULL,
  body         text NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE wallets (
  id             text PRIMARY KEY,
  -- true when `id` was generated (sha256 of 'portico:' + lower-case name), not an explorer id
  id_generated   boolean NOT NULL DEFAULT false,
  name           text NOT NULL,
  -- lower-case name for search, and the same with punctuation as spaces behind a leading space
  -- (word-prefix matches: ' ' || query)
  name_lower     text GENERATED ALWAYS AS (lower(name)) STORED,
  name_words     text GENERATED ALWAYS AS (' ' || translate(lower(name), '-_.,:;()[]/+&', '             ')) STORED,
  rdns           text,
  homepage       text,
  -- CAIP-2 ids; a bare namespace ('solana') means any chain of that namespace
  chains         text[],
  mobile_link    text,
  universal_link text,
  desktop_link   text,
  webapp_link    text,
  app_store      text,
  play_store     text,
  chrome_store   text,
  injected       jsonb,
  badge_type     text CHECK (badge_type IN ('certified', 'none')),
  explorer_order integer,
  -- position in seed/wallets.json (default order: explorer_order asc nulls last, then this)
  position       integer NOT NULL,
  image_id       text NOT NULL UNIQUE REFERENCES images (image_id),
  sources        text[] NOT NULL DEFAULT '{}',
  synthetic      boolean NOT NULL DEFAULT false
);

CREATE INDEX wallets_default_order ON wallets (explorer_order ASC NULLS LAST, position ASC);
CREATE INDEX wallets_chains ON wallets USING gin (chains);
