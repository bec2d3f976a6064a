-- The web judge's tables (PostgreSQL). The SQLite set (../sqlite) is the
-- same but for its key columns (BIGSERIAL for INTEGER ... AUTOINCREMENT).
CREATE TABLE users (
    id BIGSERIAL PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE TABLE sessions (
    token TEXT PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users(id),
    csrf TEXT NOT NULL,
    expires_at BIGINT NOT NULL
);
CREATE TABLE games (
    id BIGSERIAL PRIMARY KEY,
    name TEXT NOT NULL,
    variant TEXT NOT NULL,
    gm_id BIGINT NOT NULL REFERENCES users(id),
    invite_code TEXT NOT NULL UNIQUE,
    seed TEXT NOT NULL,
    is_public BIGINT NOT NULL DEFAULT 0,
    status TEXT NOT NULL,
    deadline_secs BIGINT NOT NULL,
    deadline_at BIGINT,
    paused_left BIGINT,
    phase_index BIGINT NOT NULL,
    version BIGINT NOT NULL,
    record TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX games_due ON games (status, deadline_at);
CREATE TABLE members (
    game_id BIGINT NOT NULL REFERENCES games(id),
    user_id BIGINT NOT NULL REFERENCES users(id),
    PRIMARY KEY (game_id, user_id)
);
CREATE TABLE seats (
    game_id BIGINT NOT NULL REFERENCES games(id),
    power TEXT NOT NULL,
    user_id BIGINT REFERENCES users(id),
    ready_phase BIGINT NOT NULL DEFAULT -1,
    PRIMARY KEY (game_id, power)
);
CREATE TABLE submissions (
    id BIGSERIAL PRIMARY KEY,
    game_id BIGINT NOT NULL REFERENCES games(id),
    phase_index BIGINT NOT NULL,
    power TEXT NOT NULL,
    user_id BIGINT NOT NULL REFERENCES users(id),
    at BIGINT NOT NULL,
    verdicts TEXT NOT NULL
);
CREATE INDEX submissions_of_phase ON submissions (game_id, phase_index, power);
CREATE TABLE phases (
    game_id BIGINT NOT NULL REFERENCES games(id),
    phase_index BIGINT NOT NULL,
    phase TEXT NOT NULL,
    processed_at BIGINT NOT NULL,
    cause TEXT NOT NULL,
    PRIMARY KEY (game_id, phase_index)
);
