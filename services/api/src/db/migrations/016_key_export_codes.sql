-- Exporting the embedded wallet's key (issue 28): a fresh one-time code mailed to the user's address, for the browser
-- whose session asked ('export': `user_id` and `device_id` set). The secure site's server checks it (one use) before it
-- opens the key for that person's own frame. Same table, hashing, lifetime and tries as every other code.
ALTER TABLE auth_codes DROP CONSTRAINT auth_codes_purpose_check;
ALTER TABLE auth_codes ADD CONSTRAINT auth_codes_purpose_check CHECK (purpose IN ('login', 'update-primary', 'update-secondary', 'export'));
