-- Name registration (POST /v1/profile/account): what the owner signed, kept as proof.
-- `names` itself comes from 003; names are stored lower-case as '<label>.portico.eth'.
ALTER TABLE names ADD COLUMN coin_type bigint;
ALTER TABLE names ADD COLUMN message text;
ALTER TABLE names ADD COLUMN signature text;
