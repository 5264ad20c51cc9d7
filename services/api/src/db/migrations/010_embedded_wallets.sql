-- The embedded wallet's key at rest (issue 11, docs/embedded-wallet.md). One wallet per embedded user.
-- `sealed` is the private key encrypted by the secure site's server (AES-256-GCM under its operator key
-- PORTICO_SECURE_SITE_KEY, bound to the user id): this table alone cannot give a key away, the API never
-- sees the operator key. `address` is the account's public address, so it can be shown without opening.
CREATE TABLE embedded_wallets (
  user_id    text PRIMARY KEY REFERENCES auth_users (id) ON DELETE CASCADE,
  address    text NOT NULL,
  sealed     text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
