package web

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/tenkaichi-org/tenkaichi/pairing"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/views"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
	"golang.org/x/text/collate"
	"golang.org/x/text/language"
)

// What the public pages, the phone and the staff pages and sheets of an
// event show alike: tiebreaker columns, the bracket, team matches and
// their pairings, names in reading order.

// TiebreakerLabel is a tiebreaker's column heading: its key as players know
// it ("omw" → "OMW%"); the standings sheet has the long names.
func TiebreakerLabel(key string) string { return strings.ToUpper(key) + "%" }

// BracketView is the bracket as the standings page, the projector and the
// print sheet draw it: names for ids (name, readmodel's BracketName), and
// each side's games won; bestOf is the event's top cut's.
func BracketView(b *pairing.Bracket, bestOf int, name func(id *string) string) *views.BracketView {
	out := &views.BracketView{Size: b.Size, BestOf: bestOf, Champion: name(b.Champion)}
	for _, r := range b.Rounds {
		rv := views.BracketRoundView{Name: r.Name}
		for _, bm := range r.Matches {
			mv := views.BracketMatchView{Bye: bm.Bye, Played: len(bm.Games) > 0, Chooser: name(bm.NextChooser),
				A: views.BracketSide{Seed: bm.Seed1, Name: name(bm.P1)},
				B: views.BracketSide{Seed: bm.Seed2, Name: name(bm.P2)}}
			for _, g := range bm.Games {
				switch g.Winner {
				case pairing.ResultP1:
					mv.A.Wins++
				case pairing.ResultP2:
					mv.B.Wins++
				}
			}
			if bm.Winner != nil {
				mv.A.Winner = bm.P1 != nil && *bm.Winner == *bm.P1
				mv.B.Winner = bm.P2 != nil && *bm.Winner == *bm.P2
			}
			rv.Matches = append(rv.Matches, mv)
		}
		out.Rounds = append(out.Rounds, rv)
	}
	return out
}

// TiebreakerPercent is a tiebreaker's value as the standings show it.
func TiebreakerPercent(ctx context.Context, v float64) string { return i18n.Percent(ctx, v, 2) }

// SortByName orders lines alphabetically as people read names: case and
// accents aside, in a stable order for equal names.
func SortByName[T any](lines []T, name func(T) string) {
	// A collator is not safe for concurrent use, so each call makes its own.
	col := collate.New(language.English, collate.IgnoreCase, collate.Loose)
	slices.SortStableFunc(lines, func(a, b T) int { return col.CompareString(name(a), name(b)) })
}

// TableLabel is a match's table number, "" for none (a bye).
func TableLabel(t *int) string {
	if t == nil {
		return ""
	}
	return strconv.Itoa(*t)
}

// TeamMatchRow is a team match as the round page and the phone show it:
// its seat tables, the seats each team won and its result.
func TeamMatchRow(tm pairing.TeamMatch) views.TeamMatchRow {
	row := views.TeamMatchRow{Table: tm.Table, Team1: tm.P1, Finished: tm.Result != ""}
	if tm.Table > 0 {
		row.Tables = fmt.Sprintf("%d–%d", 3*tm.Table-2, 3*tm.Table)
	}
	if tm.P2 != nil {
		row.Team2 = *tm.P2
	}
	for _, g := range tm.Games {
		switch g {
		case pairing.ResultP1:
			row.Seats1++
		case pairing.ResultP2:
			row.Seats2++
		}
	}
	args := i18n.Args{"Team1": row.Team1, "Team2": row.Team2, "Won": max(row.Seats1, row.Seats2), "Lost": min(row.Seats1, row.Seats2)}
	switch tm.Result {
	case pairing.ResultP1:
		row.Result = i18n.M("TeamMatchWon", i18n.Args{"Team": row.Team1, "Won": args["Won"], "Lost": args["Lost"]})
	case pairing.ResultP2:
		row.Result = i18n.M("TeamMatchWon", i18n.Args{"Team": row.Team2, "Won": args["Won"], "Lost": args["Lost"]})
	case pairing.ResultDraw:
		row.Result = i18n.M("TeamMatchDrawn", i18n.Args{"Won": row.Seats1, "Lost": row.Seats2})
	case pairing.ResultBye:
		row.Result = i18n.M("TeamMatchBye", nil)
	default:
		row.Result = i18n.M("TeamMatchPlaying", nil)
	}
	return row
}

// TeamPairings are round number's team matches with their seat matches,
// by team table, byes last: rounds are the event's team rounds (Swiss and
// top cut), ms round number's matches and entries the event's by id.
func TeamPairings(rounds []pairing.TeamRound, ms []storage.Match, number int, entries map[int64]*storage.Entry) []views.TeamPairing {
	var out []views.TeamPairing
	for _, tr := range rounds {
		if tr.Number != number {
			continue
		}
		for _, tm := range tr.Matches {
			out = append(out, teamPairing(entries, ms, tm))
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		ti, tj := out[i].Table, out[j].Table
		return ti != 0 && (tj == 0 || ti < tj)
	})
	return out
}

// teamPairing is one team match; ms are its round's matches, which the
// team match's Seats index.
func teamPairing(entries map[int64]*storage.Entry, ms []storage.Match, tm pairing.TeamMatch) views.TeamPairing {
	name := func(id *int64) string {
		if id == nil || entries[*id] == nil {
			return ""
		}
		return entries[*id].PlayerName
	}
	tp := views.TeamPairing{Table: tm.Table, Tables: TeamMatchRow(tm).Tables, Team1: tm.P1, Done: tm.Result != ""}
	if tm.P2 == nil {
		return tp
	}
	tp.Team2 = *tm.P2
	for seat, i := range tm.Seats {
		if i < 0 || i >= len(ms) {
			continue
		}
		m := ms[i]
		p1, p2 := name(&m.P1EntryID), name(m.P2EntryID)
		if en := entries[m.P1EntryID]; en != nil && en.Team != tm.P1 {
			p1, p2 = p2, p1 // each player on their team's side
		}
		tp.Seats = append(tp.Seats, views.TeamSeatPairing{Seat: pairing.TeamSeats[seat], Table: TableLabel(m.TableNo),
			P1: p1, P2: p2, Done: m.Status == storage.MatchConfirmed})
	}
	return tp
}
