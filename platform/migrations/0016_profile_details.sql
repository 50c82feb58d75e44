-- The personal details of the profile form (scenario `profile` of `field_validations`, which already
-- asks for birthdate, city, address and postal code) and the player's promotional preferences. All
-- optional: a player fills them in when the operator needs them (withdrawals, verification).
ALTER TABLE players ADD COLUMN birthdate TEXT;            -- YYYY-MM-DD, a real calendar day
ALTER TABLE players ADD COLUMN gender TEXT CHECK (gender IN ('male', 'female', 'other'));
ALTER TABLE players ADD COLUMN city TEXT;
ALTER TABLE players ADD COLUMN address TEXT;
ALTER TABLE players ADD COLUMN postal_code TEXT;
ALTER TABLE players ADD COLUMN time_zone TEXT;            -- an IANA name, e.g. Europe/Lisbon
ALTER TABLE players ADD COLUMN cpf_number TEXT;           -- Brazilian taxpayer number, 11 digits
-- Opting in is the player's act: nothing promotional is sent until they say so.
ALTER TABLE players ADD COLUMN receive_email_promo INTEGER NOT NULL DEFAULT 0 CHECK (receive_email_promo IN (0, 1));
ALTER TABLE players ADD COLUMN receive_sms_promo INTEGER NOT NULL DEFAULT 0 CHECK (receive_sms_promo IN (0, 1));
