-- Sign-in with the wallet (issue 10, spec sections 3 and 7). Nonces are single use: `used_at` is set
-- by the one UPDATE that claims them; expired rows are swept when new nonces are issued.
CREATE TABLE siwx_nonces (
  nonce      text PRIMARY KEY,
  project_id text NOT NULL REFERENCES projects (project_id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at    timestamptz
);

CREATE INDEX siwx_nonces_expires ON siwx_nonces (expires_at);

-- A verified EIP-4361 sign-in. `address` is lower case; `nonce` is unique, so one signed message makes
-- at most one session even if a nonce row were swept early.
CREATE TABLE siwx_sessions (
  id         text PRIMARY KEY,
  project_id text NOT NULL REFERENCES projects (project_id) ON DELETE CASCADE,
  address    text NOT NULL,
  chain_id   text NOT NULL,
  domain     text NOT NULL,
  uri        text NOT NULL,
  nonce      text NOT NULL UNIQUE,
  message    text NOT NULL,
  signature  text NOT NULL,
  issued_at  timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz
);

CREATE INDEX siwx_sessions_address ON siwx_sessions (project_id, address, expires_at);

-- The key the API signs session JWTs with in development mode (generated once, kept across restarts).
-- Production takes its key from the environment and never stores one here.
CREATE TABLE signing_keys (
  purpose     text PRIMARY KEY,
  private_jwk jsonb NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
