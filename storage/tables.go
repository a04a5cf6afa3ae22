package storage

import (
	"context"
	"fmt"
)

// MoveToTable seats a match at another table of its round: the match that
// sat there takes the moved match's table (an organiser putting a chosen
// match on a feature table). Both matches change in one transaction; a
// finished round's tables stay as they were (ErrConflict).
func (s *Store) MoveToTable(ctx context.Context, actor Actor, eventID, matchID int64, table int) error {
	return s.Tx(ctx, func(tx *Store) error {
		m, r, err := tx.lockMatch(ctx, eventID, matchID)
		if err != nil {
			return err
		}
		if r.Status == RoundFinished || m.TableNo == nil {
			return fmt.Errorf("storage: move match %d to table %d: %w", matchID, table, ErrConflict)
		}
		if *m.TableNo == table {
			return nil
		}
		var there []Match
		if err := tx.locking(ctx).Where("round_id = ? AND table_no = ?", m.RoundID, table).Find(&there).Error; err != nil {
			return wrap("match at table", err)
		}
		from := *m.TableNo
		for i := range there {
			if err := tx.seatAt(ctx, &there[i], from); err != nil {
				return err
			}
		}
		if err := tx.seatAt(ctx, m, table); err != nil {
			return err
		}
		if err := tx.writeAudit(ctx, actor, &eventID, "move-table", "match", m.ID,
			map[string]any{"table": from}, map[string]any{"table": table}); err != nil {
			return err
		}
		return tx.notify(ctx, Notice{EventID: eventID, Topic: "pairings"})
	})
}

// seatAt moves a match to a table and saves it in one statement (saveMatch
// leaves tables as paired), so its version and the event's play version
// move on.
func (s *Store) seatAt(ctx context.Context, m *Match, table int) error {
	m.TableNo = &table
	m.Version++
	m.UpdatedAt = s.now()
	args := append([]any{table}, matchSetArgs(m, 1)...)
	err := s.execHot(s.with(ctx), seatMatchSQL, append(args, m.ID)...)
	return wrap("seat match", err)
}

// seatMatchSQL is seatAt's statement: saveMatch's with the table.
var seatMatchSQL = newHotSQL(func(Dialect) string { return `UPDATE matches SET table_no = ?, ` + matchSet() + ` WHERE id = ?` })

// MatchAtTable returns the match at a table of a round, or ErrNotFound: a
// judge's search by table number reads one match, not the round's 2,500.
func (s *Store) MatchAtTable(ctx context.Context, roundID int64, table int) (*Match, error) {
	var m Match
	if err := s.read(ctx).Where("round_id = ? AND table_no = ?", roundID, table).Order("id").First(&m).Error; err != nil {
		return nil, wrap(fmt.Sprintf("table %d", table), err)
	}
	return &m, nil
}
