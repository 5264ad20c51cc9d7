-- The embedded wallet's social login (issue 12, spec sections 3 and 5): OAuth 2.0 / OpenID Connect
-- authorization code + PKCE sign-ins, and the provider accounts they resolve to.

-- A user is now an email login's (email set, auth_provider 'email') or one provider account's
-- (auth_provider = the provider, email NULL: a provider's address never takes over, or is taken
-- over by, an email login with the same address). `username`: the provider's name for the person,
-- shown in the account view (spec section 3 userName).
ALTER TABLE auth_users ALTER COLUMN email DROP NOT NULL;
ALTER TABLE auth_users ADD COLUMN auth_provider text NOT NULL DEFAULT 'email';
ALTER TABLE auth_users ADD COLUMN username text;

-- Which user a provider account (provider, subject) signs in as: one user per provider account.
-- `email`: what the provider last said, when it said anything (informational, never a login key).
CREATE TABLE auth_social_identities (
  provider   text NOT NULL,
  subject    text NOT NULL,
  user_id    text NOT NULL UNIQUE REFERENCES auth_users (id) ON DELETE CASCADE,
  email      text,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_login_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, subject)
);

-- A started sign-in (POST /v1/auth/social/start), keyed by the sha256 of its `state`. It carries the
-- PKCE verifier and the OIDC nonce for the exchange, the project and device it belongs to, then the
-- outcome the callback stored (`user_id` or `error`). `finished_at`: the callback used it (once);
-- `consumed_at`: the frame took the result (once). Rows past their lifetime are swept on new starts.
CREATE TABLE auth_social_states (
  state_hash    text PRIMARY KEY,
  provider      text NOT NULL,
  code_verifier text NOT NULL,
  nonce         text,
  project_id    text NOT NULL REFERENCES projects (project_id) ON DELETE CASCADE,
  device_id     text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  finished_at   timestamptz,
  user_id       text REFERENCES auth_users (id) ON DELETE CASCADE,
  error         text,
  consumed_at   timestamptz
);

CREATE INDEX auth_social_states_created ON auth_social_states (created_at);
