-- Each name's confusable skeleton (Unicode TR39, computed by the server,
-- crates/web/src/security/names.rs): no two accounts may have one, so that
-- a look-alike (`аnn`, with a Cyrillic а, beside `ann`) is refused. The
-- server fills it in for the accounts made before (left empty for a later
-- look-alike of an earlier one, which keeps its name).
ALTER TABLE users ADD COLUMN skeleton TEXT;
CREATE UNIQUE INDEX users_skeleton ON users (skeleton);
