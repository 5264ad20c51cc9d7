-- Rotating the session signing key (issue 34, `portico-admin session-key rotate`). Purpose 'session' holds the key in
-- use after a rotation (its private JWK; it wins over PORTICO_API_SESSION_KEY and the development key) and the keys it
-- replaced: public halves only (`public_jwks`: the sign-in key's and the embedded wallet's), whose tokens verify until
-- `verify_until`. A purpose has at most one key in use (verify_until NULL); the 'development' row stays as it was.
ALTER TABLE signing_keys DROP CONSTRAINT signing_keys_pkey;
ALTER TABLE signing_keys ADD COLUMN id bigserial PRIMARY KEY;
ALTER TABLE signing_keys ADD COLUMN kid text;
ALTER TABLE signing_keys ADD COLUMN public_jwks jsonb;
ALTER TABLE signing_keys ADD COLUMN verify_until timestamptz;
ALTER TABLE signing_keys ALTER COLUMN private_jwk DROP NOT NULL;
ALTER TABLE signing_keys ADD CONSTRAINT signing_keys_retired_public_only CHECK ((verify_until IS NULL) = (private_jwk IS NOT NULL));
CREATE UNIQUE INDEX signing_keys_in_use ON signing_keys (purpose) WHERE verify_until IS NULL;
CREATE UNIQUE INDEX signing_keys_kid ON signing_keys (purpose, kid);
