-- Press: messages between the powers of a game, and the judge's notices.
-- A game's press mode (`full`, `public`, `none`: gunboat, `rulebook`:
-- none during retreats and adjustments), whether its players' names are
-- hidden until it ends (`anonymous`), and whether its private press stays
-- private once it ends (`press_private`; otherwise every message is
-- published to all then). The same in both backends but for the key column.
ALTER TABLE games ADD COLUMN press TEXT NOT NULL DEFAULT 'full';
ALTER TABLE games ADD COLUMN anonymous BIGINT NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN press_private BIGINT NOT NULL DEFAULT 0;
-- A message: from a power (`sender`; '' for the judge) to a conversation,
-- the set of its member powers' names sorted and joined by '|' (the sender
-- among them), or '*' for every power (public). `user_id` is who wrote it
-- (null for the judge); it is never shown. `sent_at` is in milliseconds.
CREATE TABLE messages (
    id BIGSERIAL PRIMARY KEY,
    game_id BIGINT NOT NULL REFERENCES games(id),
    phase_index BIGINT NOT NULL,
    phase TEXT NOT NULL,
    sender TEXT NOT NULL,
    user_id BIGINT REFERENCES users(id),
    conversation TEXT NOT NULL,
    body TEXT NOT NULL,
    sent_at BIGINT NOT NULL
);
CREATE INDEX messages_of_game ON messages (game_id, id);
-- The last message of each conversation a user has read.
CREATE TABLE press_reads (
    user_id BIGINT NOT NULL REFERENCES users(id),
    game_id BIGINT NOT NULL REFERENCES games(id),
    conversation TEXT NOT NULL,
    last_id BIGINT NOT NULL,
    PRIMARY KEY (user_id, game_id, conversation)
);
