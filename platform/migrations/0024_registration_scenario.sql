-- A form field's input mask (spec section 5: `#` a digit, `@` a letter, `*` a letter or digit,
-- anything else literal), when the field has one.
ALTER TABLE field_validations ADD COLUMN mask TEXT;
-- The registration's third opt-in: bonus offers (e-mail and SMS promotions have theirs). Opting in
-- is the player's act.
ALTER TABLE players ADD COLUMN receive_bonus INTEGER NOT NULL DEFAULT 0 CHECK (receive_bonus IN (0, 1));
