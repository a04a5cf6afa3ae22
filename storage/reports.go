package storage

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	"gorm.io/gorm"
)

// A player's result report is the write of a round's end: every table
// reports within a minute or two, and at 1,000 players that is hundreds a
// second. Each report is worked out by decideReport from what is stored (the
// match, its round, the match's reports) and written whole or not at all.
//
// Reports share transactions on both databases (GroupedTx): the reports that
// queue while one group is written go into the next. On SQLite that is one
// disk sync for many reports. On PostgreSQL it is one commit (and one
// play-version count) for many, and the reports run on one connection at a
// time instead of every connection of the pool: a PostgreSQL connection is
// slow at its first report (it plans every statement and compiles the
// play-version triggers for itself), and a burst that woke twenty of them
// at once held every report for a third of a second (docs/performance.md).
// In its group a report locks its match, reads what it is decided on in the
// same statement and writes in one more (on PostgreSQL; three writes on
// SQLite, in the process).

// ReportResult records a player's report. A report both players agree on is
// final; a different one from the opponent puts the match in dispute and
// calls a judge. The same report sent twice changes nothing (changed is
// false). The match is locked, so two reports racing each other are applied
// one after the other and end in one outcome.
func (s *Store) ReportResult(ctx context.Context, eventID, matchID, entryID int64, in ResultInput) (m *Match, changed bool, err error) {
	if !in.valid() {
		return nil, false, ErrBadResult
	}
	out, err := s.reportGrouped(ctx, eventID, matchID, entryID, in)
	if isDeadlock(err) {
		// Two instances' groups locked two matches in opposite orders, and
		// PostgreSQL undid this report to let the other group go on: the
		// report is sent again, now that the other group has committed.
		out, err = s.reportGrouped(ctx, eventID, matchID, entryID, in)
	}
	if err != nil {
		return nil, false, err
	}
	if out.final {
		// A Swiss round is completed after the report's commit: the last
		// confirmation to commit sees every other one. The report is stored
		// either way; an error here is the player's to see, and sending the
		// report again completes the round.
		if err := s.completeIfDone(ctx, out.state.reporter, out.state.round.ID); err != nil {
			return out.match, out.report != nil, err
		}
	}
	return out.match, out.report != nil, nil
}

// PlayerMatch reads what a player's result report starts from, in one query:
// the entry of the player's link (ErrNotFound for a wrong link), its event,
// and the event's match matchID (nil when the event has none).
func (s *Store) PlayerMatch(ctx context.Context, tokenHash string, matchID int64) (*Entry, *Event, *Match, error) {
	// GORM gives a slice without capacity room for 20 rows: these rows are
	// wide, and the report's queries allocated a third of its memory so.
	rows := make([]struct {
		Entry Entry `gorm:"embedded;embeddedPrefix:en_"`
		Event Event `gorm:"embedded;embeddedPrefix:ev_"`
		Match Match `gorm:"embedded;embeddedPrefix:m_"`
	}, 0, 1)
	err := s.findHot(s.read(ctx), playerMatchSQL, &rows, matchID, tokenHash)
	if err != nil {
		return nil, nil, nil, wrap("player's match", err)
	}
	if len(rows) == 0 {
		return nil, nil, nil, ErrNotFound
	}
	row := &rows[0]
	if row.Match.ID == 0 {
		return &row.Entry, &row.Event, nil, nil
	}
	return &row.Entry, &row.Event, &row.Match, nil
}

// playerMatchSQL is PlayerMatch's query: the link's entry, its event and
// the match asked for, in one row.
var playerMatchSQL = newHotSQL(func(Dialect) string {
	return `SELECT ` + columnsAs(&Entry{}, "en", "en_") + `, ` + columnsAs(&Event{}, "ev", "ev_") + `, ` + columnsAs(&Match{}, "m", "m_") + `
		FROM entries en JOIN events ev ON ev.id = en.event_id
		LEFT JOIN matches m ON m.id = ? AND m.event_id = en.event_id
		WHERE en.token_hash = ?`
})

// reportState is what a report is decided on.
type reportState struct {
	match    *Match
	round    *Round
	frozen   bool // the round's results are frozen (see frozen)
	reporter Actor
	reports  []Report // the match's reports, at most one a player
}

// reportOutcome is what a report changes.
type reportOutcome struct {
	state  reportState
	report *Report // the report to write; nil when nothing changes
	match  *Match  // the match as the report leaves it
	// final: the match is final in a Swiss round, which may be complete
	// now (checked after the commit).
	final bool
}

// reportsBy are the match's reports by entryID and by their opponent.
func (st *reportState) reportsBy(entryID int64) (mine, theirs *Report) {
	for i := range st.reports {
		if st.reports[i].EntryID == entryID {
			mine = &st.reports[i]
		} else {
			theirs = &st.reports[i]
		}
	}
	return mine, theirs
}

// decideReport works out what a player's report changes.
func decideReport(st reportState, entryID int64, in ResultInput, now time.Time) (reportOutcome, error) {
	m, r := st.match, st.round
	out := reportOutcome{state: st, match: m}
	if m.Side(entryID) == "" {
		return out, ErrNotInMatch
	}
	if m.P2EntryID == nil || r.Status != RoundPublished {
		return out, ErrNotOpen
	}
	if st.frozen {
		return out, ErrFrozen
	}
	if in.Intentional && r.Kind != KindSwiss {
		return out, ErrNoIntentionalDraw
	}
	mine, theirs := st.reportsBy(entryID)
	if m.Status == MatchConfirmed {
		if m.Result == in.Result && m.P1Wins == in.P1Wins && m.P2Wins == in.P2Wins && m.Draws == in.Draws && m.Intentional == in.Intentional {
			// Agreeing with the final result changes nothing; the round is
			// checked again, which completes it if the check after the
			// first confirmation failed.
			out.final = r.Kind == KindSwiss
			return out, nil
		}
		return out, ErrAlreadyConfirmed
	}
	if mine != nil && in.same(mine) {
		return out, nil // the same report again
	}
	rep := Report{MatchID: m.ID, EntryID: entryID}
	if mine != nil {
		rep = *mine
	}
	rep.Result, rep.P1Wins, rep.P2Wins, rep.Draws, rep.Games, rep.CreatedAt = in.Result, in.P1Wins, in.P2Wins, in.Draws, in.Games, now
	rep.Intentional = in.Intentional
	after := *m
	switch {
	case theirs == nil:
		after.Status = MatchReported
	case in.same(theirs):
		after.Status = MatchConfirmed
		after.Result, after.P1Wins, after.P2Wins, after.Draws, after.Games = in.Result, in.P1Wins, in.P2Wins, in.Draws, in.Games
		after.Intentional = in.Intentional
	default:
		after.Status = MatchDisputed
	}
	out.report, out.match = &rep, &after
	out.final = r.Kind == KindSwiss && after.Status == MatchConfirmed
	return out, nil
}

// reportGrouped is a report in a grouped transaction that holds the match's
// lock from the read to the commit (on SQLite the writer's lock).
func (s *Store) reportGrouped(ctx context.Context, eventID, matchID, entryID int64, in ResultInput) (out reportOutcome, err error) {
	err = s.GroupedTx(ctx, matchID, func(tx *Store) error {
		st, err := tx.readReportState(ctx, eventID, matchID, entryID)
		if errors.Is(err, ErrNotFound) {
			return refused(err) // its one statement found nothing
		}
		if err != nil {
			return err
		}
		if out, err = decideReport(st, entryID, in, tx.now()); err != nil || out.report == nil {
			return refused(err) // decided on what was read: nothing written
		}
		m := out.match
		if m.Status == MatchDisputed {
			if _, err := tx.openJudgeCall(ctx, eventID, &entryID, &m.ID, DisputeReason); err != nil {
				return err
			}
		}
		if saved, err := tx.writeReport(ctx, out); err != nil {
			return err
		} else if !saved {
			return fmt.Errorf("storage: match %d changed while locked: %w", m.ID, ErrConflict)
		}
		if st.round.Kind != KindSwiss {
			// A top-cut round has a few tables, and its final's result
			// finishes the event: its snapshot shows the round complete.
			if err := tx.afterMatchSettled(ctx, st.reporter, m, st.round); err != nil {
				return err
			}
		}
		return tx.notify(ctx, Notice{EventID: eventID, Topic: "results", Entries: m.players()})
	})
	return out, err
}

// reportStateSQL is readReportState's query; on PostgreSQL it locks the
// match for the report's transaction. Its columns are scanned by hand, in
// the order of reportStateRow's fields.
var reportStateSQL = newHotSQL(func(d Dialect) string {
	lock := ""
	if d == DialectPostgres {
		lock = " FOR UPDATE OF m"
	}
	return `SELECT m.id, m.event_id, m.round_id, m.table_no, m.p1_entry_id, m.p2_entry_id, m.result, m.p1_wins, m.p2_wins,
			m.draws, m.games, m.status, m.extension_seconds, m.intentional, m.note, m.note_reason, m.version, m.updated_at,
			r.id, r.event_id, r.number, r.kind, r.status, r.length_seconds, r.started_at, r.deadline, r.paused_remaining_ms,
			r.created_at, r.published_at, r.finished_at, r.version,
			rep.id, rep.match_id, rep.entry_id, rep.result, rep.p1_wins, rep.p2_wins, rep.draws, rep.games, rep.intentional, rep.created_at,
			EXISTS (SELECT 1 FROM rounds l WHERE l.event_id = r.event_id AND l.number >= r.number + 2) AS frozen,
			(SELECT player_name FROM entries WHERE id = ?) AS reporter,
			(SELECT v.version FROM matches v WHERE v.id = m.id) AS seen_version
			FROM matches m JOIN rounds r ON r.id = m.round_id LEFT JOIN reports rep ON rep.match_id = m.id
			WHERE m.event_id = ? AND m.id = ? ORDER BY rep.id` + lock
})

// reportStateRow is a row of reportStateSQL: the match and its round, and
// one of the match's reports (none: the report's ID is not valid).
type reportStateRow struct {
	match       Match
	round       Round
	rep         nullReport
	frozen      bool
	reporter    sql.NullString
	seenVersion int
}

// nullReport is a report's columns from a LEFT JOIN.
type nullReport struct {
	id, matchID, entryID, p1Wins, p2Wins, draws sql.NullInt64
	result, games                               sql.NullString
	intentional                                 sql.NullBool
	createdAt                                   sql.NullTime
}

// report is the report of the row, nil for none.
func (n *nullReport) report() *Report {
	if !n.id.Valid {
		return nil
	}
	return &Report{ID: n.id.Int64, MatchID: n.matchID.Int64, EntryID: n.entryID.Int64, Result: n.result.String,
		P1Wins: int(n.p1Wins.Int64), P2Wins: int(n.p2Wins.Int64), Draws: int(n.draws.Int64), Games: n.games.String,
		Intentional: n.intentional.Bool, CreatedAt: n.createdAt.Time}
}

// scan reads a row of reportStateSQL.
func (row *reportStateRow) scan(rows *sql.Rows) error {
	m, r, rep := &row.match, &row.round, &row.rep
	return rows.Scan(&m.ID, &m.EventID, &m.RoundID, &m.TableNo, &m.P1EntryID, &m.P2EntryID, &m.Result, &m.P1Wins, &m.P2Wins,
		&m.Draws, &m.Games, &m.Status, &m.ExtensionSeconds, &m.Intentional, &m.Note, &m.NoteReason, &m.Version, &m.UpdatedAt,
		&r.ID, &r.EventID, &r.Number, &r.Kind, &r.Status, &r.LengthSeconds, &r.StartedAt, &r.Deadline, &r.PausedRemainingMS,
		&r.CreatedAt, &r.PublishedAt, &r.FinishedAt, &r.Version,
		&rep.id, &rep.matchID, &rep.entryID, &rep.result, &rep.p1Wins, &rep.p2Wins, &rep.draws, &rep.games, &rep.intentional, &rep.createdAt,
		&row.frozen, &row.reporter, &row.seenVersion)
}

// readReportStateRows runs reportStateSQL once (one row, or one a report
// of the match: two players, so at most two).
func (s *Store) readReportStateRows(ctx context.Context, eventID, matchID, entryID int64) ([]reportStateRow, error) {
	db := s.with(ctx)
	countQuery(ctx)
	rows, err := db.Statement.ConnPool.QueryContext(ctx, reportStateSQL.texts[s.dialect](), entryID, eventID, matchID)
	if err != nil {
		return nil, translateError(db, err)
	}
	defer rows.Close()
	out := make([]reportStateRow, 0, 2)
	for rows.Next() {
		out = append(out, reportStateRow{})
		if err := out[len(out)-1].scan(rows); err != nil {
			return nil, err
		}
	}
	return out, translateError(db, rows.Err())
}

// readReportState reads what a report is decided on in one statement: the
// match, its round, whether the round is frozen, the reporter's name for
// the audit log and the match's reports. On PostgreSQL the statement locks
// the match's row (on SQLite the transaction holds the writer). When it had
// to wait for the lock, PostgreSQL gives the match as the transaction that
// held it left it but the rest as it was when the statement began, without
// that transaction's report: the statement's own view of the match's
// version (seen_version) then differs from the locked row's, and the state
// is read again, now that the lock is held and nothing can change it.
func (s *Store) readReportState(ctx context.Context, eventID, matchID, entryID int64) (reportState, error) {
	var rows []reportStateRow
	for try := 0; ; try++ {
		var err error
		rows, err = s.readReportStateRows(ctx, eventID, matchID, entryID)
		if err == nil && len(rows) == 0 {
			err = ErrNotFound
		}
		if err != nil {
			return reportState{}, wrap(fmt.Sprintf("match %d", matchID), err)
		}
		if rows[0].seenVersion == rows[0].match.Version || try > 0 {
			break
		}
	}
	first := &rows[0]
	st := reportState{match: &first.match, round: &first.round, frozen: first.frozen, reporter: PlayerActor(first.reporter.String)}
	for i := range rows {
		if rep := rows[i].rep.report(); rep != nil {
			st.reports = append(st.reports, *rep)
		}
	}
	return st, nil
}

// writeReport writes a report's outcome: the player's report (new when its
// ID is 0), the match it changed and their audit row. On PostgreSQL the
// three are one statement (one round trip), which writes nothing unless the
// match is still at the version the report was decided on (saved is false
// then; the match is locked, so it always is); on SQLite, in the process,
// they are three writes inside the caller's transaction.
func (s *Store) writeReport(ctx context.Context, out reportOutcome) (saved bool, err error) {
	rep, m, before, reporter := out.report, out.match, out.state.match, out.state.reporter
	if s.dialect != DialectPostgres {
		return true, s.writeReportSQLite(ctx, out)
	}
	m.Version = before.Version + 1
	m.UpdatedAt = s.now()
	audit, err := s.auditRow(reporter, &m.EventID, "report", "match", m.ID, matchAudit(before), matchAudit(m))
	if err != nil {
		return false, err
	}
	args := append(matchSetArgs(m, 20), m.ID, before.Version,
		rep.MatchID, rep.EntryID, rep.Result, rep.P1Wins, rep.P2Wins, rep.Draws, rep.Games, rep.Intentional, rep.CreatedAt,
		audit.EventID, audit.UserID, audit.Actor, audit.Action, audit.Entity, audit.EntityID, audit.BeforeJSON, audit.AfterJSON, audit.CreatedAt)
	// The report is the player's one row for the match (UNIQUE (match_id,
	// entry_id)): a changed report updates it. The report and the audit row
	// are written only when the match's update found its version.
	ids := make([]int64, 0, 1)
	err = s.findHot(s.with(ctx), writeReportSQL, &ids, args...)
	if err != nil {
		return false, wrap("save report", err)
	}
	if len(ids) == 0 {
		return false, nil
	}
	rep.ID = ids[0]
	return true, nil
}

// writeReportSQLite is writeReport on SQLite: three hot statements in the
// caller's transaction (GORM's Save and Create spent a fifth of a report's
// CPU in reflection).
func (s *Store) writeReportSQLite(ctx context.Context, out reportOutcome) error {
	rep, m, before, reporter := out.report, out.match, out.state.match, out.state.reporter
	db := s.with(ctx)
	err := s.scanOneHot(db, upsertReportSQL, []any{&rep.ID},
		rep.MatchID, rep.EntryID, rep.Result, rep.P1Wins, rep.P2Wins, rep.Draws, rep.Games, rep.Intentional, rep.CreatedAt)
	if err != nil {
		return wrap("save report", err)
	}
	if err := s.saveMatch(ctx, m); err != nil {
		return err
	}
	audit, err := s.auditRow(reporter, &m.EventID, "report", "match", m.ID, matchAudit(before), matchAudit(m))
	if err != nil {
		return err
	}
	err = s.execHot(db, insertAuditSQL, audit.EventID, audit.UserID, audit.Actor, audit.Action, audit.Entity, audit.EntityID,
		audit.BeforeJSON, audit.AfterJSON, audit.CreatedAt)
	return wrap("write audit log", err)
}

// upsertReportSQL writes a player's one report of a match (UNIQUE
// (match_id, entry_id)): a changed report updates it.
var upsertReportSQL = newHotSQL(func(Dialect) string {
	return `INSERT INTO reports (match_id, entry_id, result, p1_wins, p2_wins, draws, games, intentional, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (match_id, entry_id) DO UPDATE SET result = excluded.result, p1_wins = excluded.p1_wins,
			p2_wins = excluded.p2_wins, draws = excluded.draws, games = excluded.games, intentional = excluded.intentional,
			created_at = excluded.created_at
		RETURNING id`
})

// insertAuditSQL writes an audit row.
var insertAuditSQL = newHotSQL(func(Dialect) string {
	return `INSERT INTO audit_log (event_id, user_id, actor, action, entity, entity_id, before_json, after_json, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`
})

// writeReportSQL is writeReport's one statement on PostgreSQL.
var writeReportSQL = newHotSQL(func(Dialect) string {
	return `WITH saved AS (
			UPDATE matches SET ` + matchSet() + ` WHERE id = ? AND version = ? RETURNING id),
		rep AS (
			INSERT INTO reports (match_id, entry_id, result, p1_wins, p2_wins, draws, games, intentional, created_at)
			SELECT ?, ?, ?, ?, ?, ?, ?, ?, ? FROM saved
			ON CONFLICT (match_id, entry_id) DO UPDATE SET result = EXCLUDED.result, p1_wins = EXCLUDED.p1_wins,
				p2_wins = EXCLUDED.p2_wins, draws = EXCLUDED.draws, games = EXCLUDED.games, intentional = EXCLUDED.intentional,
				created_at = EXCLUDED.created_at
			RETURNING id),
		audited AS (
			INSERT INTO audit_log (event_id, user_id, actor, action, entity, entity_id, before_json, after_json, created_at)
			SELECT ?, ?, ?, ?, ?, ?, ?, ?, ? FROM saved)
		SELECT id FROM rep`
})

// warmForReports runs a report's read and write on a lane's PostgreSQL
// connection and undoes them, so that the first reports of a round's end
// find their statements planned, the play-version triggers compiled and the
// tables known to the connection's backend: a backend's first report took
// 15-25 ms and its first commit 20-80 ms, against 1-2 ms after
// (docs/performance.md). It reports on the latest match there is (match 0,
// which does not exist, before the first round) in a transaction it rolls
// back: nothing is written. On a database not yet migrated it fails, and
// the first reports warm the connection instead.
func (s *Store) warmForReports(ctx context.Context) {
	if s.dialect != DialectPostgres {
		return // SQLite's writes are in the process
	}
	var latest struct {
		ID        int64
		EventID   int64
		P1EntryID int64
	}
	_ = s.with(ctx).Raw(`SELECT id, event_id, p1_entry_id FROM matches ORDER BY id DESC LIMIT 1`).Find(&latest).Error
	_ = s.with(ctx).Transaction(func(gtx *gorm.DB) error {
		tx := s.inTx(gtx, &[]Notice{}, &[]Milestone{})
		for range planRuns {
			st, err := tx.readReportState(ctx, latest.EventID, latest.ID, latest.P1EntryID)
			if err != nil {
				st = reportState{match: &Match{}}
			}
			after := *st.match
			rep := &Report{MatchID: after.ID, EntryID: latest.P1EntryID, Result: ResultP1, P1Wins: 1, CreatedAt: tx.now()}
			if _, err := tx.writeReport(ctx, reportOutcome{state: st, report: rep, match: &after}); err != nil {
				break
			}
		}
		// The play-version triggers wait for the commit (00010): run them
		// now, so that they too are compiled before the rollback.
		_ = gtx.Exec("SET CONSTRAINTS ALL IMMEDIATE").Error
		return errWarmedUp
	})
}

// errWarmedUp rolls a warm-up's transaction back.
var errWarmedUp = errors.New("storage: warm-up undone")

// isDeadlock reports whether PostgreSQL undid a statement of err's to break
// a deadlock.
func isDeadlock(err error) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && pgErr.Code == "40P01"
}
