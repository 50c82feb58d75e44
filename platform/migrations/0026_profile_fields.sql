-- The rest of the profile's personal fields (spec, section 3). All optional: the operator's `profile`
-- scenario of `field_validations` says which ones its form asks for.
ALTER TABLE players ADD COLUMN full_name TEXT;
ALTER TABLE players ADD COLUMN nationality TEXT;           -- a country code, e.g. BR
ALTER TABLE players ADD COLUMN additional_address TEXT;
ALTER TABLE players ADD COLUMN profession TEXT;
ALTER TABLE players ADD COLUMN place_of_birth TEXT;
ALTER TABLE players ADD COLUMN personal_id_number TEXT;    -- letters and digits, as on the document
ALTER TABLE players ADD COLUMN security_question TEXT;
-- The answer is kept like a password (argon2id PHC string): support checks it, nobody reads it back.
ALTER TABLE players ADD COLUMN security_answer_hash TEXT;
