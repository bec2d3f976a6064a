-- Sessions are kept by the SHA-256 of their token (hex), not the token
-- itself: whoever reads the database cannot sign in with what is there.
-- The sessions open now are hashed in place and go on working.
UPDATE sessions SET token = encode(sha256(convert_to(token, 'UTF8')), 'hex');
ALTER TABLE sessions RENAME COLUMN token TO token_sha256;
