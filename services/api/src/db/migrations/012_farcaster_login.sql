-- Sign In With Farcaster for the embedded wallet (issue 12, spec sections 2, 3 and 7). A Farcaster
-- account's user is a provider account like a social one: auth_users.auth_provider 'farcaster', its
-- username from the relay, and a row in auth_social_identities with provider 'farcaster' and the fid
-- as subject (one user per fid).

-- A started sign-in (POST /v1/auth/farcaster/start): the channel opened on the auth relay, keyed by
-- the sha256 of its token, with the nonce, domain and uri the SIWF message must carry, the project and
-- device it belongs to. `consumed_at`: the one use (a completed sign-in, a refusal, or found expired).
-- Rows past their lifetime are swept on new starts.
CREATE TABLE auth_farcaster_channels (
  channel_hash text PRIMARY KEY,
  nonce        text NOT NULL,
  domain       text NOT NULL,
  siwe_uri     text NOT NULL,
  project_id   text NOT NULL REFERENCES projects (project_id) ON DELETE CASCADE,
  device_id    text NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  consumed_at  timestamptz
);

CREATE INDEX auth_farcaster_channels_created ON auth_farcaster_channels (created_at);
