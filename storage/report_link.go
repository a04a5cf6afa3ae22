package storage

import (
	"context"
	"database/sql"
)

// ReportLink is what a phone's result report or confirmation starts from:
// the link's entry and event, the match it names and the opponent's report
// of it, as far as deciding on the report needs them. Every table reports
// at once at a round's end, so this is one indexed row with a dozen
// columns, scanned by hand (the whole entry, event and match, scanned by
// GORM's reflection, were a quarter of a report's CPU).
type ReportLink struct {
	EntryID            int64
	EventID            int64
	NoIntentionalDraws bool
	TopCutBestOf       int
	// Match has its ID, event, round and players only; nil when the event
	// has no match of that ID.
	Match *Match
	// Theirs is the opponent's report of Match (its result, wins, draws,
	// games and intentional flag), nil when they have sent none.
	Theirs *Report
}

// PlayerReportLink reads a report's ReportLink (ErrNotFound for a wrong
// link).
func (s *Store) PlayerReportLink(ctx context.Context, tokenHash string, matchID int64) (*ReportLink, error) {
	db := s.read(ctx)
	countQuery(ctx)
	rows, err := db.Statement.ConnPool.QueryContext(ctx, reportLinkSQL.texts[s.dialect](), matchID, tokenHash)
	if err != nil {
		return nil, wrap("player's report link", translateError(db, err))
	}
	defer rows.Close()
	if !rows.Next() {
		if err := rows.Err(); err != nil {
			return nil, wrap("player's report link", translateError(db, err))
		}
		return nil, ErrNotFound
	}
	var (
		l                     ReportLink
		mID, mRound, mP1, mP2 sql.NullInt64
		rID, rEntry, rP1, rP2 sql.NullInt64
		rDraws                sql.NullInt64
		rResult, rGames       sql.NullString
		rIntentional          sql.NullBool
	)
	err = rows.Scan(&l.EntryID, &l.EventID, &l.NoIntentionalDraws, &l.TopCutBestOf, &mID, &mRound, &mP1, &mP2,
		&rID, &rEntry, &rResult, &rP1, &rP2, &rDraws, &rGames, &rIntentional)
	if err != nil {
		return nil, wrap("player's report link", err)
	}
	if mID.Valid {
		l.Match = &Match{ID: mID.Int64, EventID: l.EventID, RoundID: mRound.Int64, P1EntryID: mP1.Int64}
		if mP2.Valid {
			p2 := mP2.Int64
			l.Match.P2EntryID = &p2
		}
	}
	if rID.Valid {
		l.Theirs = &Report{ID: rID.Int64, MatchID: mID.Int64, EntryID: rEntry.Int64, Result: rResult.String, P1Wins: int(rP1.Int64), P2Wins: int(rP2.Int64),
			Draws: int(rDraws.Int64), Games: rGames.String, Intentional: rIntentional.Bool}
	}
	return &l, nil
}

// reportLinkSQL is PlayerReportLink's query. A player has one report a
// match (UNIQUE (match_id, entry_id)), so the opponent's is one row at most.
var reportLinkSQL = newHotSQL(func(Dialect) string {
	return `SELECT en.id, ev.id, ev.no_intentional_draws, ev.top_cut_best_of,
			m.id, m.round_id, m.p1_entry_id, m.p2_entry_id,
			rep.id, rep.entry_id, rep.result, rep.p1_wins, rep.p2_wins, rep.draws, rep.games, rep.intentional
		FROM entries en JOIN events ev ON ev.id = en.event_id
		LEFT JOIN matches m ON m.id = ? AND m.event_id = en.event_id
		LEFT JOIN reports rep ON rep.match_id = m.id AND rep.entry_id <> en.id
		WHERE en.token_hash = ?`
})
