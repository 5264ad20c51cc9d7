-- The embedded wallet's email login (issue 11, spec sections 3-5). Emails are stored lower case.
-- Codes and device tokens are stored only as hashes; rows past their expiry are swept when new ones are made.

-- An embedded user: one per email address, across projects.
CREATE TABLE auth_users (
  id         text PRIMARY KEY,
  email      text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The last login or code request per email address: the 30 s throttle (spec section 5) is one
-- conditional UPSERT on this row, so two racing requests cannot both send a mail.
CREATE TABLE auth_email_throttle (
  email        text PRIMARY KEY,
  last_sent_at timestamptz NOT NULL
);

-- Browsers (the secure site's per-browser `deviceId`) a person approved for an email by the mailed link.
CREATE TABLE auth_devices (
  email       text NOT NULL,
  device_id   text NOT NULL,
  verified_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (email, device_id)
);

-- One-time device approval links: sha256 of the 256-bit token, single use.
CREATE TABLE auth_device_tokens (
  token_hash text PRIMARY KEY,
  email      text NOT NULL,
  device_id  text NOT NULL,
  project_id text NOT NULL REFERENCES projects (project_id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at    timestamptz
);

CREATE INDEX auth_device_tokens_expires ON auth_device_tokens (expires_at);

-- One-time codes. `purpose`: 'login' (email + device), 'update-primary' (sent to the user's email),
-- 'update-secondary' (sent to `new_email`). `code_hash` is an HMAC keyed by a secret derived from the
-- API's signing key, so the table alone does not give the six digits away. Every try counts in
-- `attempts` before the comparison; at the limit the code is burned.
CREATE TABLE auth_codes (
  id         text PRIMARY KEY,
  purpose    text NOT NULL CHECK (purpose IN ('login', 'update-primary', 'update-secondary')),
  email      text NOT NULL,
  device_id  text,
  user_id    text REFERENCES auth_users (id) ON DELETE CASCADE,
  new_email  text,
  project_id text NOT NULL REFERENCES projects (project_id) ON DELETE CASCADE,
  code_hash  text NOT NULL,
  attempts   integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at    timestamptz
);

CREATE INDEX auth_codes_lookup ON auth_codes (purpose, email, created_at);
CREATE INDEX auth_codes_user ON auth_codes (purpose, user_id, created_at);
CREATE INDEX auth_codes_expires ON auth_codes (expires_at);

-- A signed-in embedded user on one device for one project; the JWT's `jti`.
CREATE TABLE auth_sessions (
  id         text PRIMARY KEY,
  user_id    text NOT NULL REFERENCES auth_users (id) ON DELETE CASCADE,
  project_id text NOT NULL REFERENCES projects (project_id) ON DELETE CASCADE,
  device_id  text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);

CREATE INDEX auth_sessions_user ON auth_sessions (user_id);
