-- Issue 29: the 30 s login-mail throttle is kept per email address AND requesting client IP, so a stranger asking
-- for someone's address every 30 s no longer holds the owner's requests back (the hourly mail caps beside it:
-- src/auth/config.ts). Rows from before keep client_ip '' and hold no request back again.
ALTER TABLE auth_email_throttle ADD COLUMN client_ip text NOT NULL DEFAULT '';
ALTER TABLE auth_email_throttle DROP CONSTRAINT auth_email_throttle_pkey;
ALTER TABLE auth_email_throttle ADD PRIMARY KEY (email, client_ip);
