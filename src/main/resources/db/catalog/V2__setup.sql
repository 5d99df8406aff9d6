-- The results catalog, version 2: each run's setup (docs/history.md, "Series"): the settings that make runs one
-- experiment (history's series) and the cluster's conditions, as JSON. TEXT, never cut: a cut JSON would not read.
-- NULL for rows recorded before; `kbench catalog import` of their directories fills it in.
ALTER TABLE runs ADD COLUMN setup TEXT;
