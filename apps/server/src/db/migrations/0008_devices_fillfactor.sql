-- Every follow-up round rewrites each reporting device's row (latest reading, last seen, status).
-- Half of each page is left free so that the new version fits beside the old one: the update is
-- then HOT (no index entry for any of the table's five indexes) and the page is pruned in place.
-- At fillfactor 100 a third to two thirds of the updates moved the row to another page, and
-- 1,000 devices grew the table (with its dead rows) to 16 MB, which PGlite (no autovacuum) keeps;
-- at 50, 1.4 MB.
-- Existing pages take the setting as their rows move; new pages at once.
ALTER TABLE "devices" SET (fillfactor = 50);
