// Package transfer is the event file going out and coming in: the export
// (the pairing tools' event file plus what only the server keeps), its
// import as a new event, the standings as CSV, and the snapshots of an
// event an organiser can download and restore, taken when a round is
// published, the event is finished or the organiser asks.
package transfer

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/pairing"
	"github.com/tenkaichi-org/tenkaichi/server/readmodel"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/eventfile"
)

// The export is the pairing package's event file (docs/event-file.md) plus a
// "tenkaichi" object with what only the server keeps: settings, decklists,
// penalties and the rounds' details. Without that object it is exactly what
// the command-line tools read (they refuse unknown fields, so pairing.Event
// must learn to ignore "tenkaichi" before they read an export as it is).

// exportVersion is the format of the "tenkaichi" object this server writes;
// it reads every version from 1 (which lacked reports, judges, judge calls,
// game logs, rulings, announcements and the audit log) up to this one.
const exportVersion = 2

// exportFile is the whole exported document.
type exportFile struct {
	pairing.Event
	Tenkaichi *exportExt `json:"tenkaichi,omitempty"`
}

type exportExt struct {
	Version    int             `json:"version"`
	Event      exportEvent     `json:"event"`
	Entries    []exportEntry   `json:"entries"`
	Penalties  []exportPenalty `json:"penalties"`
	RoundsMeta []exportRound   `json:"rounds_meta"`
	// Since version 2 (export_records.go).
	Judges        []string             `json:"judges"`
	JudgeCalls    []exportCall         `json:"judge_calls"`
	GameLogs      []exportGameLog      `json:"game_logs"`
	Rulings       []exportRuling       `json:"rulings"`
	Announcements []exportAnnouncement `json:"announcements"`
	AuditLog      []exportAudit        `json:"audit_log"`
	DeckChecks    []exportDeckCheck    `json:"deck_checks"` // deck_checks.go
	// A team event's teams and team matches (teams.go): written for
	// readers; an import rebuilds them from the entries' team and seat and
	// the seat matches.
	Teams       []exportTeam      `json:"teams,omitempty"`
	TeamMatches []exportTeamMatch `json:"team_matches,omitempty"`
}

type exportEvent struct {
	Name             string     `json:"name"`
	Game             string     `json:"game"`
	Format           string     `json:"format"`
	Date             string     `json:"date"`
	Venue            string     `json:"venue"`
	Status           string     `json:"status"`
	RoundMinutes     int        `json:"round_minutes"`
	SwissRounds      *int       `json:"swiss_rounds"`
	TopCutSize       int        `json:"top_cut_size"`
	TopCutBestOf     int        `json:"top_cut_best_of"`
	PlayerCap        *int       `json:"player_cap"`
	DeckDeadline     *time.Time `json:"deck_deadline"`
	DecksLocked      bool       `json:"decks_locked"`
	DecksPublic      bool       `json:"decks_public"`
	SelfRegistration bool       `json:"self_registration"`
	SeedByRating     bool       `json:"seed_by_rating,omitempty"`
	TeamEvent        bool       `json:"team_event,omitempty"`
	EndOfRound       string     `json:"end_of_round"`
	ExtraTurns       int        `json:"extra_turns"`
	Language         string     `json:"language,omitempty"`       // print sheets' and projector's, e.g. "de"
	TimeZone         string     `json:"time_zone,omitempty"`      // IANA name, e.g. "Europe/Berlin"
	FeatureTables    string     `json:"feature_tables,omitempty"` // "1,2": where the top pairings sit
	// Origin is the event's id across servers (storage.NewOrigin): a
	// store that is sent the same event again finds it (push.go).
	Origin             string `json:"origin,omitempty"`
	NoIntentionalDraws bool   `json:"no_intentional_draws,omitempty"`
}

type exportEntry struct {
	ID              string     `json:"id"`
	Name            string     `json:"name"`
	MemberID        string     `json:"member_id"`
	CheckedIn       bool       `json:"checked_in"`
	DroppedRound    *int       `json:"dropped_round"`
	Waitlisted      bool       `json:"waitlisted"`
	EnteredRound    int        `json:"entered_round"`
	FixedTable      *int       `json:"fixed_table"`
	AwardedByes     int        `json:"awarded_byes"`
	Team            string     `json:"team"`
	TeamSeat        string     `json:"team_seat,omitempty"`
	Disqualified    bool       `json:"disqualified"`
	DeckText        string     `json:"deck_text"`
	DeckStatus      string     `json:"deck_status"`
	DeckProblems    string     `json:"deck_problems"`
	DeckLeader      string     `json:"deck_leader"`
	DeckColours     string     `json:"deck_colours"`
	DeckSubmittedAt *time.Time `json:"deck_submitted_at"`
	DeckChecked     bool       `json:"deck_checked"`
	RegisteredAt    time.Time  `json:"registered_at"`
}

type exportRound struct {
	Number            int           `json:"number"`
	Kind              string        `json:"kind"`
	Status            string        `json:"status"`
	LengthSeconds     int           `json:"length_seconds"`
	CreatedAt         time.Time     `json:"created_at"`
	StartedAt         *time.Time    `json:"started_at"`
	Deadline          *time.Time    `json:"deadline"`
	PausedRemainingMS *int64        `json:"paused_remaining_ms"`
	PublishedAt       *time.Time    `json:"published_at"`
	FinishedAt        *time.Time    `json:"finished_at"`
	Matches           []exportMatch `json:"matches"`
}

type exportMatch struct {
	Table            *int    `json:"table"`
	P1               string  `json:"p1"`
	P2               *string `json:"p2"`
	Result           string  `json:"result"`
	Status           string  `json:"status"`
	P1Wins           int     `json:"p1_wins"`
	P2Wins           int     `json:"p2_wins"`
	Draws            int     `json:"draws"`
	Games            string  `json:"games"`
	ExtensionSeconds int     `json:"extension_seconds"`
	Intentional      bool    `json:"intentional,omitempty"` // an intentional draw
	Note             string  `json:"note"`
	// NoteReason is why the pairing made the match, as facts (see
	// PairingNote); absent in older files and for a changed pairing.
	NoteReason string `json:"note_reason,omitempty"`
	// The players' own reports while the match is not final (and kept
	// after), so a half-reported match can be confirmed after an import.
	Reports []exportReport `json:"reports,omitempty"`
}

type exportPenalty struct {
	Player     string    `json:"player"`
	Round      int       `json:"round,omitempty"`
	Match      int       `json:"match,omitempty"`
	Kind       string    `json:"kind"`
	Infraction string    `json:"infraction"`
	Note       string    `json:"note"`
	Judge      string    `json:"judge"`
	CreatedAt  time.Time `json:"created_at"`
}

// buildExport gathers the whole event, read in one consistent transaction.
func (h *Handler) buildExport(ctx context.Context, eventID int64) (*exportFile, error) {
	var out *exportFile
	err := h.Store.ReadConsistent(ctx, func(tx *storage.Store) error {
		ev, err := tx.EventByID(ctx, eventID)
		if err != nil {
			return err
		}
		out, err = buildExportFrom(ctx, tx, ev)
		return err
	})
	return out, err
}

func buildExportFrom(ctx context.Context, st *storage.Store, ev *storage.Event) (*exportFile, error) {
	d, err := readmodel.Load(ctx, st, ev)
	if err != nil {
		return nil, err
	}
	pens, err := eventfile.New(st).PenaltiesForExport(ctx, ev.ID)
	if err != nil {
		return nil, err
	}
	out := &exportFile{Event: *d.PairingEvent(true)}
	if err := readmodel.AttachPairingRecords(ctx, st, ev.ID, &out.Event); err != nil {
		return nil, err
	}
	res, err := d.Results()
	if err != nil {
		return nil, err
	}
	// Every player carries their last tiebreaker, so the copy orders fully
	// tied players as this event does, whatever ids it gives them; and their
	// final placing, once decided.
	for i, p := range out.Players {
		out.Players[i].RandomKey = out.Event.TiebreakKey(p)
		out.Players[i].Placing = res.PlaceOf[p.ID]
	}
	ext := &exportExt{Version: exportVersion, Entries: []exportEntry{}, Penalties: []exportPenalty{}, RoundsMeta: []exportRound{},
		Event: exportEvent{
			Name: ev.Name, Game: ev.Game, Format: ev.Format, Date: ev.Date(), Venue: ev.Venue, Status: ev.Status,
			RoundMinutes: ev.RoundMinutes, SwissRounds: ev.SwissRounds, TopCutSize: ev.TopCutSize, TopCutBestOf: ev.TopCutBestOf,
			PlayerCap: ev.PlayerCap, DeckDeadline: ev.DeckDeadline, DecksLocked: ev.DecksLocked, DecksPublic: ev.DecksPublic,
			SelfRegistration: ev.SelfRegistration, SeedByRating: ev.SeedByRating, TeamEvent: ev.TeamEvent, NoIntentionalDraws: ev.NoIntentionalDraws, EndOfRound: ev.EndOfRound, ExtraTurns: ev.ExtraTurns,
			Language: ev.Language, TimeZone: ev.TimeZone, FeatureTables: ev.FeatureTables, Origin: ev.Origin,
		}}
	for _, e := range d.Entries {
		ext.Entries = append(ext.Entries, exportEntry{
			ID: readmodel.PlayerID(e.ID), Name: e.PlayerName, MemberID: e.MemberID, CheckedIn: e.CheckedIn, DroppedRound: e.DroppedRound,
			Waitlisted: e.Waitlisted, EnteredRound: e.EnteredRound, FixedTable: e.FixedTable, AwardedByes: e.AwardedByes,
			Team: e.Team, TeamSeat: e.TeamSeat, Disqualified: e.Disqualified, DeckText: e.DeckText, DeckStatus: e.DeckStatus,
			DeckProblems: deckProblemFacts(e.DeckProblems), DeckLeader: e.DeckLeader, DeckColours: e.DeckColours,
			DeckSubmittedAt: e.DeckSubmittedAt, DeckChecked: e.DeckChecked, RegisteredAt: e.CreatedAt,
		})
	}
	ext.Teams, ext.TeamMatches = exportTeams(d, res.Teams)
	reports, err := eventfile.New(st).EventReports(ctx, ev.ID)
	if err != nil {
		return nil, err
	}
	byMatch := map[int64][]exportReport{}
	for _, r := range reports {
		byMatch[r.MatchID] = append(byMatch[r.MatchID], exportReport{Player: readmodel.PlayerID(r.EntryID), Result: r.Result,
			P1Wins: r.P1Wins, P2Wins: r.P2Wins, Draws: r.Draws, Games: r.Games, Intentional: r.Intentional, CreatedAt: r.CreatedAt})
	}
	where := matchPlaces{} // match id → (round number, position)
	for _, r := range d.Rounds {
		er := exportRound{Number: r.Number, Kind: r.Kind, Status: r.Status, LengthSeconds: r.LengthSeconds, CreatedAt: r.CreatedAt,
			StartedAt: r.StartedAt, Deadline: r.Deadline, PausedRemainingMS: r.PausedRemainingMS, PublishedAt: r.PublishedAt,
			FinishedAt: r.FinishedAt, Matches: []exportMatch{}}
		for i, m := range d.Matches[r.Number] {
			em := exportMatch{Table: m.TableNo, P1: readmodel.PlayerID(m.P1EntryID), Result: m.Result, Status: m.Status, P1Wins: m.P1Wins,
				P2Wins: m.P2Wins, Draws: m.Draws, Games: m.Games, ExtensionSeconds: m.ExtensionSeconds, Intentional: m.Intentional, Note: m.Note, NoteReason: m.NoteReason,
				Reports: byMatch[m.ID]}
			if m.P2EntryID != nil {
				p2 := readmodel.PlayerID(*m.P2EntryID)
				em.P2 = &p2
			}
			er.Matches = append(er.Matches, em)
			where[m.ID] = eventfile.MatchRef{Round: r.Number, Match: i + 1}
		}
		ext.RoundsMeta = append(ext.RoundsMeta, er)
	}
	penaltyAt := map[int64]int{} // penalty id → 1-based position in the file
	for i, p := range pens {
		at := where.of(p.MatchID)
		ext.Penalties = append(ext.Penalties, exportPenalty{Player: readmodel.PlayerID(p.EntryID), Round: at.Round, Match: at.Match,
			Kind: p.Kind, Infraction: p.Infraction, Note: p.Note, Judge: p.JudgeName, CreatedAt: p.CreatedAt})
		penaltyAt[p.ID] = i + 1
	}
	if err := exportRecords(ctx, st, ev.ID, ext, where, penaltyAt); err != nil {
		return nil, err
	}
	out.Tenkaichi = ext
	return out, nil
}

// ExportEventFile answers the event file as a download.
func (h *Handler) ExportEventFile(c echo.Context) error {
	ev, err := h.EventParam(c)
	if err != nil {
		return err
	}
	data, err := EventFile(c.Request().Context(), h.Store, ev.ID)
	if err != nil {
		return err
	}
	c.Response().Header().Set(echo.HeaderContentDisposition, `attachment; filename="`+exportFileName(ev, "json")+`"`)
	c.Response().Header().Set("Cache-Control", "no-store")
	return c.Blob(http.StatusOK, "application/json; charset=utf-8", data)
}

// EventFile is the event's export (docs/event-file.md), as the export page
// downloads it and `tenkaichi push --event` sends it: the same state of
// the event gives the same bytes, so a file sent again is recognised.
func EventFile(ctx context.Context, st *storage.Store, eventID int64) ([]byte, error) {
	var f *exportFile
	err := st.ReadConsistent(ctx, func(tx *storage.Store) error {
		ev, err := tx.EventByID(ctx, eventID)
		if err != nil {
			return err
		}
		f, err = buildExportFrom(ctx, tx, ev)
		return err
	})
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	if err := enc.Encode(f); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// exportFileName is a safe download name: event-12-winter-regional.json.
func exportFileName(ev *storage.Event, ext string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(ev.Name) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			b.WriteRune(r)
			dash = false
		case !dash && b.Len() > 0:
			b.WriteByte('-')
			dash = true
		}
		if b.Len() >= 40 {
			break
		}
	}
	slug := strings.Trim(b.String(), "-")
	name := "event-" + strconv.FormatInt(ev.ID, 10)
	if slug != "" {
		name += "-" + slug
	}
	return name + "." + ext
}

// deckProblemFacts is an entry's deck problems as the file keeps them: the
// rules' facts (storage.DeckProblem), whichever shape the entry holds (rows
// saved before the facts were hold the page's view). An import reads both
// shapes, so problems that cannot be read go into the file as they are.
func deckProblemFacts(js string) string {
	ps, err := storage.DecodeDeckProblems(js)
	if err != nil {
		return js
	}
	return storage.EncodeDeckProblems(ps)
}
