-- Ending a game by agreement (issue 26): each seat's standing vote, `draw`
-- (a draw of every surviving power, DIAS) or `concede <Power>`, kept until
-- withdrawn or the seat changes hands; and whether a game shows who voted
-- what (`votes_shown`, chosen at creation) or keeps the votes secret.
ALTER TABLE seats ADD COLUMN vote TEXT;
ALTER TABLE games ADD COLUMN votes_shown BIGINT NOT NULL DEFAULT 0;
