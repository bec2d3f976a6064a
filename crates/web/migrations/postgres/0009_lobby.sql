-- The lobby (issue 26): a member who took "any" seat of a game waiting
-- for its players; the game master's start deals them the free powers at
-- random.
ALTER TABLE members ADD COLUMN wants_any BIGINT NOT NULL DEFAULT 0;
