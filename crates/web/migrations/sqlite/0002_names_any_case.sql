-- User names are unique whatever their case. A name already taken in
-- another case by an earlier account is renamed `<name>-<id>` (the earlier
-- account keeps it); the case-insensitive index then refuses new ones.
-- lower() is the database's own: ASCII letters in SQLite, every letter in
-- PostgreSQL; the lookups (accounts.rs) use the same lower().
UPDATE users SET name = name || '-' || CAST(id AS TEXT)
    WHERE EXISTS (SELECT 1 FROM users AS earlier WHERE lower(earlier.name) = lower(users.name) AND earlier.id < users.id);
CREATE UNIQUE INDEX users_name_any_case ON users (lower(name));
