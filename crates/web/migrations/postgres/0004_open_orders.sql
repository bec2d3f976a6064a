-- Each power's orders for a game's open phase, a row per power: a
-- submission replaces its power's row (one small upsert, guarded by the
-- game's version) instead of rewriting the game's whole record. Processing
-- reads them into the record with the phase's results and deletes them,
-- in the transaction that moves the game on; `revision` counts the
-- row's writes, so that processing finds a submission that landed while
-- it was adjudicating and starts again with it. The same in both backends.
CREATE TABLE open_orders (
    game_id BIGINT NOT NULL REFERENCES games(id),
    phase_index BIGINT NOT NULL,
    power TEXT NOT NULL,
    revision BIGINT NOT NULL,
    submission TEXT NOT NULL,
    PRIMARY KEY (game_id, phase_index, power)
);
