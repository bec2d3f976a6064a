-- What the live pages are told (server-sent events): each change a page
-- shows, written in the transaction of the change, with its audience (as a
-- message's conversation: '*' for all, or its powers joined by '|'), so
-- that a stream that reconnects gets what it missed (Last-Event-ID) and
-- every server process on the database reads the same events in the same
-- order. `at` is in milliseconds; events older than a week are dropped.
CREATE TABLE events (
    id BIGSERIAL PRIMARY KEY,
    game_id BIGINT NOT NULL REFERENCES games(id),
    kind TEXT NOT NULL,
    audience TEXT NOT NULL,
    data TEXT NOT NULL,
    at BIGINT NOT NULL
);
CREATE INDEX events_of_game ON events (game_id, id);
