package transfer

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/tenkaichi-org/tenkaichi/rules/engine"
	"github.com/tenkaichi-org/tenkaichi/server/gamelog"
	"github.com/tenkaichi-org/tenkaichi/server/readmodel"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/eventfile"
	"github.com/tenkaichi-org/tenkaichi/storage/judging"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// The records of the event day beyond players and rounds, in the event
// file since format version 2: the players' reports, the judges attached,
// judge calls, game logs, rulings, announcements and the audit log.
// Records name matches by round number and position in the round, players
// by their id in the file, penalties and game logs by their position in the
// file's lists (1-based): ids of this server mean nothing elsewhere.

type exportReport struct {
	Player string `json:"player"`
	Result string `json:"result"`
	P1Wins int    `json:"p1_wins"`
	P2Wins int    `json:"p2_wins"`
	Draws  int    `json:"draws"`
	Games  string `json:"games"`
	// Intentional: the report proposes (or accepts) an intentional draw.
	Intentional bool      `json:"intentional,omitempty"`
	CreatedAt   time.Time `json:"created_at"`
}

type exportCall struct {
	Player    *string    `json:"player"`
	Round     int        `json:"round,omitempty"`
	Match     int        `json:"match,omitempty"`
	GameLog   int        `json:"game_log,omitempty"` // made from the game tracker: the game, and its step
	Step      *int       `json:"step,omitempty"`
	Reason    string     `json:"reason"`
	Status    string     `json:"status"`
	TakenBy   string     `json:"taken_by"`
	CreatedAt time.Time  `json:"created_at"`
	TakenAt   *time.Time `json:"taken_at"`
	ClosedAt  *time.Time `json:"closed_at"`
}

type exportGameLog struct {
	Round     int       `json:"round,omitempty"`
	Match     int       `json:"match,omitempty"`
	GameNo    int       `json:"game_no"`
	Title     string    `json:"title"`
	Body      string    `json:"body"`
	CreatedBy string    `json:"created_by"`
	CreatedAt time.Time `json:"created_at"`
	UpdatedAt time.Time `json:"updated_at"`
	// Tracker: recorded by the players' game tracker (one per game of a
	// match); Counts are its board's life and deck counts.
	Tracker bool                `json:"tracker,omitempty"`
	Counts  *storage.GameTotals `json:"counts,omitempty"`
}

type exportRuling struct {
	Round     int       `json:"round,omitempty"`
	Match     int       `json:"match,omitempty"`
	GameLog   int       `json:"game_log,omitempty"`
	Step      *int      `json:"step"`
	Rule      string    `json:"rule"`
	Note      string    `json:"note"`
	Penalty   int       `json:"penalty,omitempty"`
	Judge     string    `json:"judge"`
	CreatedAt time.Time `json:"created_at"`
}

type exportAnnouncement struct {
	Text      string    `json:"text"`
	Author    string    `json:"author"`
	CreatedAt time.Time `json:"created_at"`
}

type exportAudit struct {
	Actor     string          `json:"actor"`
	Action    string          `json:"action"`
	Entity    string          `json:"entity"`
	EntityID  int64           `json:"entity_id"`
	Before    json.RawMessage `json:"before,omitempty"`
	After     json.RawMessage `json:"after,omitempty"`
	CreatedAt time.Time       `json:"created_at"`
}

// matchPlaces maps a match id to its place in the file.
type matchPlaces map[int64]eventfile.MatchRef

func (w matchPlaces) of(id *int64) eventfile.MatchRef {
	if id == nil {
		return eventfile.MatchRef{}
	}
	return w[*id]
}

// exportRecords fills the version-2 lists of ext.
func exportRecords(ctx context.Context, st *storage.Store, eventID int64, ext *exportExt, where matchPlaces, penaltyAt map[int64]int) error {
	ext.Judges, ext.JudgeCalls, ext.GameLogs, ext.Rulings, ext.Announcements, ext.AuditLog =
		[]string{}, []exportCall{}, []exportGameLog{}, []exportRuling{}, []exportAnnouncement{}, []exportAudit{}
	judges, err := st.EventJudges(ctx, eventID)
	if err != nil {
		return err
	}
	for _, u := range judges {
		ext.Judges = append(ext.Judges, u.Username)
	}
	logs, err := eventfile.New(st).GameLogsWithBodies(ctx, eventID)
	if err != nil {
		return err
	}
	logAt := map[int64]int{}
	for i, l := range logs {
		at := where.of(l.MatchID)
		ext.GameLogs = append(ext.GameLogs, exportGameLog{Round: at.Round, Match: at.Match, GameNo: l.GameNo, Title: l.Title,
			Body: gamelog.WithNotation(l.Body, engine.NotationVersion), CreatedBy: l.CreatedBy, CreatedAt: l.CreatedAt, UpdatedAt: l.UpdatedAt, Tracker: l.Tracker, Counts: l.Totals()})
		logAt[l.ID] = i + 1
	}
	calls, err := eventfile.New(st).AllJudgeCalls(ctx, eventID)
	if err != nil {
		return err
	}
	for _, c := range calls {
		at := where.of(c.MatchID)
		ec := exportCall{Round: at.Round, Match: at.Match, Reason: c.Reason, Status: c.Status, TakenBy: c.TakenBy,
			CreatedAt: c.CreatedAt, TakenAt: c.TakenAt, ClosedAt: c.ClosedAt}
		if c.EntryID != nil {
			p := readmodel.PlayerID(*c.EntryID)
			ec.Player = &p
		}
		if c.GameLogID != nil {
			ec.GameLog, ec.Step = logAt[*c.GameLogID], c.Step
		}
		ext.JudgeCalls = append(ext.JudgeCalls, ec)
	}
	rulings, err := eventfile.New(st).RulingsOldestFirst(ctx, eventID)
	if err != nil {
		return err
	}
	for _, r := range rulings {
		at := where.of(r.MatchID)
		er := exportRuling{Round: at.Round, Match: at.Match, Step: r.Step, Rule: r.Rule, Note: r.Note, Judge: r.JudgeName, CreatedAt: r.CreatedAt}
		if r.GameLogID != nil {
			er.GameLog = logAt[*r.GameLogID]
		}
		if r.PenaltyID != nil {
			er.Penalty = penaltyAt[*r.PenaltyID]
		}
		ext.Rulings = append(ext.Rulings, er)
	}
	anns, err := eventfile.New(st).AnnouncementsOldestFirst(ctx, eventID)
	if err != nil {
		return err
	}
	for _, a := range anns {
		ext.Announcements = append(ext.Announcements, exportAnnouncement{Text: a.Text, Author: a.Author, CreatedAt: a.CreatedAt})
	}
	audit, err := eventfile.New(st).WholeAuditLog(ctx, eventID)
	if err != nil {
		return err
	}
	for _, a := range audit {
		ext.AuditLog = append(ext.AuditLog, exportAudit{Actor: a.Actor, Action: a.Action, Entity: a.Entity, EntityID: a.EntityID,
			Before: auditJSON(a.BeforeJSON), After: auditJSON(a.AfterJSON), CreatedAt: a.CreatedAt})
	}
	return exportDeckChecks(ctx, st, eventID, ext, where, penaltyAt)
}

// auditJSON embeds an audit row's JSON text as it is; text that is not JSON
// (no row written by this server) is kept as a JSON string.
func auditJSON(text string) json.RawMessage {
	switch {
	case text == "":
		return nil
	case json.Valid([]byte(text)):
		return json.RawMessage(text)
	}
	b, _ := json.Marshal(text)
	return b
}

// importReports reads the players' reports of match pos of round number.
func importReports(number, pos int, m exportMatch) ([]eventfile.ImportedReport, error) {
	var out []eventfile.ImportedReport
	seen := map[string]bool{}
	for i, r := range m.Reports {
		if r.Player != m.P1 && (m.P2 == nil || r.Player != *m.P2) {
			return nil, importProblemOf("StaffImportReportPlayer", i18n.Args{"Round": number, "Match": pos, "Report": i + 1, "Player": strconv.Quote(r.Player)})
		}
		if seen[r.Player] {
			return nil, importProblemOf("StaffImportReportTwice", i18n.Args{"Round": number, "Match": pos, "Player": strconv.Quote(r.Player)})
		}
		seen[r.Player] = true
		switch r.Result {
		case storage.ResultP1, storage.ResultP2, storage.ResultDraw, storage.ResultDoubleLoss:
		default:
			return nil, importProblemOf("StaffImportReportResult", i18n.Args{"Round": number, "Match": pos, "Report": i + 1, "Result": strconv.Quote(r.Result)})
		}
		out = append(out, eventfile.ImportedReport{Entry: r.Player, Report: storage.Report{Result: r.Result, P1Wins: r.P1Wins,
			P2Wins: r.P2Wins, Draws: r.Draws, Games: r.Games, Intentional: r.Intentional && r.Result == storage.ResultDraw, CreatedAt: r.CreatedAt}})
	}
	return out, nil
}

// importRecords checks the version-2 lists of ext and adds them to in;
// entries are the players' ids in the file.
func importRecords(ext *exportExt, in *eventfile.EventImport, entries map[string]bool) error {
	seenJudge := map[string]bool{}
	for i, name := range ext.Judges {
		if strings.TrimSpace(name) == "" || seenJudge[name] {
			return importProblemOf("StaffImportJudge", i18n.Args{"Judge": i + 1})
		}
		seenJudge[name] = true
		in.Judges = append(in.Judges, name)
	}
	for _, step := range []func(*exportExt, *eventfile.EventImport, map[string]bool) error{
		importCalls, importGameLogs, importRulings, importNotes,
	} {
		if err := step(ext, in, entries); err != nil {
			return err
		}
	}
	return importDeckChecks(ext, in)
}

// recordMatch is the match a record names; id is the record's problem when
// the file lacks it, with the record in args.
func recordMatch(in *eventfile.EventImport, id string, args i18n.Args, round, match int) (eventfile.MatchRef, error) {
	at := eventfile.MatchRef{Round: round, Match: match}
	if !in.HasMatch(at) {
		args["Match"], args["Round"] = match, round
		return at, importProblemOf(id, args)
	}
	return at, nil
}

// importCalls checks the file's judge calls and adds them to in.
func importCalls(ext *exportExt, in *eventfile.EventImport, entries map[string]bool) error {
	for i, c := range ext.JudgeCalls {
		call := i + 1
		ic := eventfile.ImportedCall{Call: storage.JudgeCall{Reason: c.Reason, Status: c.Status, TakenBy: c.TakenBy,
			CreatedAt: c.CreatedAt, TakenAt: c.TakenAt, ClosedAt: c.ClosedAt, Step: c.Step}, GameLog: c.GameLog}
		if c.GameLog < 0 || c.GameLog > len(ext.GameLogs) {
			return importProblemOf("StaffImportCallLog", i18n.Args{"Call": call, "Log": c.GameLog, "Logs": len(ext.GameLogs)})
		}
		if c.Player != nil {
			if !entries[*c.Player] {
				return importProblemOf("StaffImportCallPlayer", i18n.Args{"Call": call, "Player": strconv.Quote(*c.Player)})
			}
			ic.Entry = *c.Player
		}
		switch c.Status {
		case storage.CallOpen, storage.CallTaken, storage.CallClosed:
		default:
			return importProblemOf("StaffImportCallStatus", i18n.Args{"Call": call, "Status": strconv.Quote(c.Status)})
		}
		var err error
		if ic.At, err = recordMatch(in, "StaffImportCallMatch", i18n.Args{"Call": call}, c.Round, c.Match); err != nil {
			return err
		}
		in.Calls = append(in.Calls, ic)
	}
	return nil
}

// importGameLogs checks the file's game logs and adds them to in.
func importGameLogs(ext *exportExt, in *eventfile.EventImport, _ map[string]bool) error {
	trackedGames := map[string]bool{}
	for i, l := range ext.GameLogs {
		logNo := i + 1
		if l.GameNo < 0 || !utf8.ValidString(l.Body) {
			return importProblemOf("StaffImportLogBad", i18n.Args{"Log": logNo})
		}
		at, err := recordMatch(in, "StaffImportLogMatch", i18n.Args{"Log": logNo}, l.Round, l.Match)
		if err != nil {
			return err
		}
		// A log without its notation's version was written before logs said
		// it (notation 1, as migration 00028 tags stored ones): it keeps its verdicts.
		gl := storage.GameLog{GameNo: l.GameNo, Title: l.Title, Body: gamelog.WithNotation(l.Body, gamelog.NotationDeclared), CreatedBy: l.CreatedBy, CreatedAt: l.CreatedAt,
			UpdatedAt: l.UpdatedAt, Tracker: l.Tracker}
		gl.SetTotals(l.Counts)
		if l.Tracker {
			// The tracker keeps one log per game of a match.
			game := fmt.Sprintf("%d/%d/%d", at.Round, at.Match, max(l.GameNo, 1))
			if at == (eventfile.MatchRef{}) || trackedGames[game] {
				return importProblemOf("StaffImportLogTracker", i18n.Args{"Log": logNo, "Game": max(l.GameNo, 1)})
			}
			trackedGames[game] = true
		}
		in.GameLogs = append(in.GameLogs, eventfile.ImportedGameLog{At: at, Log: gl})
	}
	return nil
}

// importRulings checks the file's rulings and adds them to in.
func importRulings(ext *exportExt, in *eventfile.EventImport, _ map[string]bool) error {
	for i, r := range ext.Rulings {
		ruling := i + 1
		at, err := recordMatch(in, "StaffImportRulingMatch", i18n.Args{"Ruling": ruling}, r.Round, r.Match)
		if err != nil {
			return err
		}
		if r.GameLog < 0 || r.GameLog > len(ext.GameLogs) {
			return importProblemOf("StaffImportRulingLog", i18n.Args{"Ruling": ruling, "Log": r.GameLog, "Logs": len(ext.GameLogs)})
		}
		if r.Penalty < 0 || r.Penalty > len(ext.Penalties) {
			return importProblemOf("StaffImportRulingPenalty", i18n.Args{"Ruling": ruling, "Penalty": r.Penalty, "Penalties": len(ext.Penalties)})
		}
		if strings.TrimSpace(r.Note) == "" {
			return importProblemOf("StaffImportRulingNoNote", i18n.Args{"Ruling": ruling})
		}
		in.Rulings = append(in.Rulings, eventfile.ImportedRuling{At: at, GameLog: r.GameLog, Penalty: r.Penalty,
			Ruling: judging.Ruling{Step: r.Step, Rule: r.Rule, Note: r.Note, JudgeName: r.Judge, CreatedAt: r.CreatedAt}})
	}
	return nil
}

// importNotes checks the file's announcements and change log and adds
// them to in.
func importNotes(ext *exportExt, in *eventfile.EventImport, _ map[string]bool) error {
	for i, a := range ext.Announcements {
		if strings.TrimSpace(a.Text) == "" || utf8.RuneCountInString(a.Text) > storage.MaxAnnouncementLen {
			return importProblemOf("StaffImportAnnouncement", i18n.Args{"Announcement": i + 1, "Max": storage.MaxAnnouncementLen})
		}
		in.Announcements = append(in.Announcements, storage.Announcement{Text: a.Text, Author: a.Author, CreatedAt: a.CreatedAt})
	}
	for i, a := range ext.AuditLog {
		if a.Action == "" || a.Entity == "" {
			return importProblemOf("StaffImportAuditRow", i18n.Args{"Row": i + 1})
		}
		in.Audit = append(in.Audit, storage.AuditEntry{Actor: a.Actor, Action: a.Action, Entity: a.Entity, EntityID: a.EntityID,
			BeforeJSON: compactJSON(a.Before), AfterJSON: compactJSON(a.After), CreatedAt: a.CreatedAt})
	}
	return nil
}

// compactJSON stores embedded JSON as the audit log writes it: compact.
func compactJSON(raw json.RawMessage) string {
	if len(raw) == 0 {
		return ""
	}
	var buf bytes.Buffer
	if err := json.Compact(&buf, raw); err != nil {
		return string(raw)
	}
	return buf.String()
}
