-- +goose Up
-- The play version (00010) counts at most once per event and transaction,
-- in 64 slots instead of 16. A result report changed its slot's row twice
-- (the report and its match), publishing a round once per match, and at the
-- end of a round every table reports at once: PostgreSQL keeps each change
-- of a row as a new version until it prunes the page, so the few rows of an
-- event grew long chains of versions that every count walked, and the
-- transactions that shared a slot waited on each other's commits. The
-- version only has to change when something committed, not count how much,
-- so once per transaction is enough (a setting local to the transaction
-- remembers it); more slots keep a pool's connections off each other's rows.
-- Reading the version (the sum of the slots) is unchanged.

-- +goose StatementBegin
CREATE OR REPLACE FUNCTION event_changed(ev BIGINT) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    IF ev IS NULL OR current_setting('tenkaichi.event_changed_' || ev, true) = 'yes' THEN
        RETURN;
    END IF;
    PERFORM set_config('tenkaichi.event_changed_' || ev, 'yes', true);
    INSERT INTO event_changes (event_id, slot, n) VALUES (ev, pg_backend_pid() % 64, 1)
    ON CONFLICT (event_id, slot) DO UPDATE SET n = event_changes.n + 1;
END
$$;
-- +goose StatementEnd

-- +goose Down
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION event_changed(ev BIGINT) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    IF ev IS NOT NULL THEN
        INSERT INTO event_changes (event_id, slot, n) VALUES (ev, pg_backend_pid() % 16, 1)
        ON CONFLICT (event_id, slot) DO UPDATE SET n = event_changes.n + 1;
    END IF;
END
$$;
-- +goose StatementEnd
