-- The mail's links (confirming an address, stopping all mail) are kept by
-- the SHA-256 of their token (hex), as sessions are: whoever reads the
-- database cannot use them. A link's token is made when its mail is sent
-- and is only in the mail. One row per link: whose, and for a
-- confirmation, the address it confirms (NULL: a link that stops all mail).
CREATE TABLE mail_links (
    token_sha256 TEXT PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users(id),
    confirms TEXT
);
CREATE INDEX mail_links_user ON mail_links (user_id);
-- The tokens kept in clear until now, so that the links already mailed
-- keep working: the server hashes them into mail_links when it opens
-- (SQLite has no SHA-256 of its own) and empties this table.
CREATE TABLE mail_links_in_clear (
    token TEXT NOT NULL,
    user_id BIGINT NOT NULL,
    confirms TEXT
);
INSERT INTO mail_links_in_clear (token, user_id, confirms) SELECT confirm_token, user_id, address FROM mail_addresses WHERE confirmed = 0;
INSERT INTO mail_links_in_clear (token, user_id, confirms) SELECT unsubscribe_token, user_id, NULL FROM mail_addresses;
-- A mail in the outbox knows whose links it carries (NULL: an address
-- gone since; not sent) and whether it confirms the address; its links
-- are made when it is sent. A confirmation's link in its body is written
-- `/mail/confirm/{confirm}` until then.
ALTER TABLE outbox ADD COLUMN user_id BIGINT;
ALTER TABLE outbox ADD COLUMN confirms BIGINT NOT NULL DEFAULT 0;
UPDATE outbox SET user_id = (SELECT a.user_id FROM mail_addresses a WHERE a.unsubscribe_token = outbox.unsubscribe);
UPDATE outbox SET confirms = 1 WHERE subject = 'Confirm your address for the polemarch judge';
UPDATE outbox SET body = REPLACE(body, '/mail/confirm/' || (SELECT a.confirm_token FROM mail_addresses a WHERE a.user_id = outbox.user_id), '/mail/confirm/{confirm}')
    WHERE confirms = 1 AND user_id IS NOT NULL;
ALTER TABLE outbox DROP COLUMN unsubscribe;
-- The addresses, without their tokens.
ALTER TABLE mail_addresses DROP COLUMN confirm_token;
ALTER TABLE mail_addresses DROP COLUMN unsubscribe_token;
