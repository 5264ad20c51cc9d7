-- Social and Farcaster sign-ins bound to the browser that started them (issue 28).
-- Social: the PKCE verifier now stays in the starting frame (the secure site's origin); the API keeps only its
-- S256 challenge, and the frame itself finishes the sign-in with the code its callback page handed it, so a
-- state no longer carries an outcome for someone to collect. Both kinds remember the starter's device key
-- (RFC 7638 thumbprint): the session at the end is bound to that key and no other.
-- Sign-ins under way at upgrade (10 minutes at most) are dropped: their starters try again.
DELETE FROM auth_social_states;
ALTER TABLE auth_social_states
  DROP COLUMN code_verifier,
  DROP COLUMN finished_at,
  DROP COLUMN user_id,
  DROP COLUMN error,
  ADD COLUMN code_challenge text NOT NULL,
  ADD COLUMN device_key_jkt text NOT NULL;

DELETE FROM auth_farcaster_channels;
ALTER TABLE auth_farcaster_channels ADD COLUMN device_key_jkt text NOT NULL;
