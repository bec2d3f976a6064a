-- Mail (opt-in). A user's address, usable once confirmed by the link sent
-- to it; the token of the unsubscribe link every mail carries.
CREATE TABLE mail_addresses (
    user_id BIGINT PRIMARY KEY REFERENCES users(id),
    address TEXT NOT NULL,
    confirmed BIGINT NOT NULL DEFAULT 0,
    confirm_token TEXT NOT NULL UNIQUE,
    unsubscribe_token TEXT NOT NULL UNIQUE
);
-- What a user wants by mail of a game: phase results, deadline reminders,
-- press digests (the last message digested, and when: at most one a
-- quarter of an hour).
CREATE TABLE mail_choices (
    user_id BIGINT NOT NULL REFERENCES users(id),
    game_id BIGINT NOT NULL REFERENCES games(id),
    results BIGINT NOT NULL,
    reminders BIGINT NOT NULL,
    press BIGINT NOT NULL,
    press_after BIGINT NOT NULL DEFAULT 0,
    press_at BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (user_id, game_id)
);
-- The reminders made for a game's phase (24 or 1 hours before): the first
-- process to insert the row makes them.
CREATE TABLE mail_reminders (
    game_id BIGINT NOT NULL REFERENCES games(id),
    phase_index BIGINT NOT NULL,
    hours BIGINT NOT NULL,
    PRIMARY KEY (game_id, phase_index, hours)
);
-- How far the mail of results has read the events (one row).
CREATE TABLE mail_cursor (
    id BIGINT PRIMARY KEY,
    events_after BIGINT NOT NULL
);
INSERT INTO mail_cursor (id, events_after) SELECT 1, COALESCE(MAX(id), 0) FROM events;
-- Mail to send, drained by a background task: tried again with a growing
-- wait when the mail server fails (`next_try`, seconds), kept once sent.
CREATE TABLE outbox (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    recipient TEXT NOT NULL,
    subject TEXT NOT NULL,
    body TEXT NOT NULL,
    unsubscribe TEXT NOT NULL,
    attempts BIGINT NOT NULL DEFAULT 0,
    next_try BIGINT NOT NULL,
    sent_at BIGINT,
    last_error TEXT
);
CREATE INDEX outbox_due ON outbox (sent_at, next_try);
