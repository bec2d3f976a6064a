-- Sessions are kept by the SHA-256 of their token (hex), not the token
-- itself: whoever reads the database cannot sign in with what is there.
-- SQLite has no SHA-256 of its own, so the sessions open now are ended:
-- their holders are asked to sign in again (a cookie of theirs is simply
-- not found).
DELETE FROM sessions;
ALTER TABLE sessions RENAME COLUMN token TO token_sha256;
