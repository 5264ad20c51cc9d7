-- Sessions bound to a device key (issue 28): the RFC 7638 SHA-256 thumbprint (base64url) of the public key
-- the signing-in browser sent, carried by the session JWT as `cnf.jkt`; the secure site's server opens a wallet
-- only with a proof signed by that key. NULL for sessions made before this migration: their tokens carry no
-- `cnf` and are refused there, so those users sign in again.
ALTER TABLE auth_sessions ADD COLUMN device_key_jkt text;
