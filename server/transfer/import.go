package transfer

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"path"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/jsonproblem"
	"github.com/tenkaichi-org/tenkaichi/pairing"
	"github.com/tenkaichi-org/tenkaichi/server/readmodel"
	"github.com/tenkaichi-org/tenkaichi/server/web"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/accounts"
	"github.com/tenkaichi-org/tenkaichi/storage/eventfile"
	"github.com/tenkaichi-org/tenkaichi/storage/judging"
	"github.com/tenkaichi-org/tenkaichi/views"
	"github.com/tenkaichi-org/tenkaichi/views/fileproblem"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// importProblem is something wrong with an uploaded file, safe to show: a
// message id (StaffImport…) and its values, which say what is wrong and
// where (the round, match, player or record), so the import page says it in
// the organiser's language (as deckProblemText does for a deck); Error is
// its English.
type importProblem struct {
	id   string
	args i18n.Args
}

// Error is the problem in English.
func (p *importProblem) Error() string { return p.message().In(context.Background()) }

// message is the problem as a fact the page words; a value that is itself
// a problem (the event file's, a JSON value's) is worded with it.
func (p *importProblem) message() i18n.Message {
	args := make(i18n.Args, len(p.args))
	for k, v := range p.args {
		if err, isErr := v.(error); isErr {
			v = fileProblem{err}
		}
		args[k] = v
	}
	return i18n.M(p.id, args)
}

// fileProblem is an event file's problem, worded by the views' file
// problems when the sentence holding it is.
type fileProblem struct{ err error }

func (f fileProblem) In(ctx context.Context) string { return fileproblem.Text(ctx, f.err) }

func importProblemOf(id string, args i18n.Args) error {
	return &importProblem{id: id, args: args}
}

// parseExport reads an uploaded event file: an export of this server (with
// its "tenkaichi" object) or a plain event file of the pairing tools. What
// the file does not say is worded for, or set to, ctx's language: the name
// of an event without one and the event's language, as a new event takes
// its organiser's.
func parseExport(ctx context.Context, data []byte, fileName string, today time.Time) (*eventfile.EventImport, error) {
	var top map[string]json.RawMessage
	if err := jsonproblem.Decode(data, &top, false); err != nil {
		var p *jsonproblem.Problem
		if errors.As(err, &p) && (p.Key == "top-object" || p.Key == "top-list") {
			return nil, importProblemOf("StaffImportNotObject", nil)
		}
		return nil, importProblemOf("StaffImportUnreadable", i18n.Args{"Problem": err})
	}
	// The whole file is read once more along its Go types, so a field this
	// server does not know or a value of the wrong kind, in the pairing
	// tools' part or in the "tenkaichi" section, is named by its line and
	// path.
	var in exportFile
	if err := jsonproblem.Decode(data, &in, true); err != nil {
		return nil, importProblemOf("StaffImportUnreadable", i18n.Args{"Problem": err})
	}
	_, hasExt := top["tenkaichi"]
	delete(top, "tenkaichi")
	rest, err := json.Marshal(top)
	if err != nil {
		return nil, err
	}
	pe, err := pairing.ParseEvent(rest)
	if err != nil {
		return nil, importProblemOf("StaffImportEventFileProblem", i18n.Args{"Problem": err})
	}
	if !hasExt {
		return importFromPairing(ctx, pe, fileName, today)
	}
	ext := in.Tenkaichi
	if ext == nil {
		ext = &exportExt{} // "tenkaichi": null, refused below by its version
	}
	if ext.Version < 1 || ext.Version > exportVersion {
		return nil, importProblemOf("StaffImportVersion", i18n.Args{"Version": ext.Version, "Max": exportVersion})
	}
	return importFromExport(ctx, pe, ext)
}

func importFromExport(ctx context.Context, pe *pairing.Event, ext *exportExt) (*eventfile.EventImport, error) {
	ev, err := importedEvent(ctx, pe, ext.Event)
	if err != nil {
		return nil, err
	}
	in := &eventfile.EventImport{Event: ev}
	entries, err := importEntries(pe, ext, in)
	if err != nil {
		return nil, err
	}
	if err := importRounds(pe, ext, in, entries); err != nil {
		return nil, err
	}
	if err := importPenalties(ext, in, entries); err != nil {
		return nil, err
	}
	if err := importRecords(ext, in, entries); err != nil {
		return nil, err
	}
	return in, nil
}

// importedEvent checks the event's settings of an export and makes the
// event: its seed, tiebreakers and points are the event file's.
func importedEvent(ctx context.Context, pe *pairing.Event, e exportEvent) (storage.Event, error) {
	if strings.TrimSpace(e.Name) == "" {
		return storage.Event{}, importProblemOf("StaffImportNoName", nil)
	}
	if !web.GameKnown(e.Game) || !web.FormatBelongsTo(e.Game, e.Format) {
		return storage.Event{}, importProblemOf("StaffImportGameFormat", i18n.Args{"Game": strconv.Quote(e.Game), "Format": strconv.Quote(e.Format)})
	}
	date, err := time.Parse(time.DateOnly, e.Date)
	if err != nil {
		return storage.Event{}, importProblemOf("StaffImportDate", i18n.Args{"Date": strconv.Quote(e.Date)})
	}
	validStatus := false
	for _, st := range storage.EventStatuses {
		validStatus = validStatus || st == e.Status
	}
	if !validStatus {
		return storage.Event{}, importProblemOf("StaffImportEventStatus", i18n.Args{"Status": strconv.Quote(e.Status)})
	}
	if e.RoundMinutes <= 0 || e.TopCutSize < 0 || (e.TopCutBestOf != 1 && e.TopCutBestOf != 3 && e.TopCutBestOf != 5) {
		return storage.Event{}, importProblemOf("StaffImportRoundsRange", nil)
	}
	if e.SwissRounds != nil && *e.SwissRounds <= 0 {
		return storage.Event{}, importProblemOf("StaffImportSwissRounds", nil)
	}
	if utf8.RuneCountInString(e.Name) > 120 {
		return storage.Event{}, importProblemOf("StaffImportNameLong", i18n.Args{"Max": 120})
	}
	switch e.EndOfRound {
	case "", "draw", "double-loss", "count":
	default:
		return storage.Event{}, importProblemOf("StaffImportEndOfRound", i18n.Args{"Value": strconv.Quote(e.EndOfRound)})
	}
	if e.ExtraTurns < 0 || e.ExtraTurns > 10 || (e.PlayerCap != nil && *e.PlayerCap < 1) {
		return storage.Event{}, importProblemOf("StaffImportTurnsRange", nil)
	}
	if e.Origin != "" && !storage.ValidOrigin(e.Origin) {
		return storage.Event{}, importProblemOf("PushOriginInvalid", i18n.Args{"Origin": strconv.Quote(web.Truncate(e.Origin, 40))})
	}
	pts := pe.Scoring()
	ev := storage.Event{
		Name: e.Name, Game: e.Game, Format: e.Format, StartsOn: date, Venue: e.Venue, Status: e.Status,
		RoundMinutes: e.RoundMinutes, SwissRounds: e.SwissRounds, TopCutSize: e.TopCutSize, TopCutBestOf: e.TopCutBestOf,
		Seed: int64(pe.Seed), PlayerCap: e.PlayerCap, DeckDeadline: e.DeckDeadline, DecksLocked: e.DecksLocked,
		DecksPublic: e.DecksPublic, SelfRegistration: e.SelfRegistration, SeedByRating: e.SeedByRating, TeamEvent: e.TeamEvent, NoIntentionalDraws: e.NoIntentionalDraws, EndOfRound: e.EndOfRound, ExtraTurns: e.ExtraTurns,
		Tiebreakers: pe.Tiebreakers, PointsWin: pts.Win, PointsDraw: pts.Draw, PointsLoss: pts.Loss, PointsBye: pts.Bye,
		// A zone this server lacks is left to the default; a language it
		// lacks, or none, is the importer's.
		Language: i18n.Supported(e.Language), Origin: e.Origin,
	}
	if ev.Language == "" {
		ev.Language = i18n.Lang(ctx)
	}
	importedDays(pe, &ev)
	var ok bool
	if ev.FeatureTables, ok = storage.NormalFeatureTables(e.FeatureTables); !ok {
		return storage.Event{}, importProblemOf("StaffImportFeatureTables", i18n.Args{"Max": storage.MaxFeatureTables})
	}
	if _, err := web.LoadZone(e.TimeZone); err == nil {
		ev.TimeZone = e.TimeZone
	}
	if ev.Tiebreakers == "" {
		ev.Tiebreakers = pairing.ProfileBandai
	}
	if ev.EndOfRound == "" {
		ev.EndOfRound = "draw"
	}
	return ev, nil
}

// importEntries checks the export's entries against the event file's
// players and adds them to in; it returns the players' ids.
func importEntries(pe *pairing.Event, ext *exportExt, in *eventfile.EventImport) (map[string]bool, error) {
	// Every player of the event file, plus the waitlist.
	players := map[string]bool{}
	keys := map[string]int64{} // each player's last tiebreaker, kept across the new ids
	for _, p := range pe.Players {
		players[p.ID] = true
		keys[p.ID] = int64(pe.TiebreakKey(p))
	}
	entries := map[string]bool{}
	day2 := pe.Day2Players()
	for i, x := range ext.Entries {
		switch {
		case x.ID == "":
			return nil, importProblemOf("StaffImportEntryNoID", i18n.Args{"Entry": i + 1})
		case entries[x.ID]:
			return nil, importProblemOf("StaffImportPlayerTwice", i18n.Args{"Player": strconv.Quote(x.ID)})
		case strings.TrimSpace(x.Name) == "":
			return nil, importProblemOf("StaffImportPlayerNoName", i18n.Args{"Player": strconv.Quote(x.ID)})
		case x.Waitlisted && players[x.ID]:
			return nil, importProblemOf("StaffImportPlayerWaitlisted", i18n.Args{"Player": strconv.Quote(x.ID)})
		case !x.Waitlisted && !players[x.ID]:
			return nil, importProblemOf("StaffImportPlayerNotInEvent", i18n.Args{"Player": strconv.Quote(x.ID)})
		}
		switch x.DeckStatus {
		case "", storage.DeckMissing, storage.DeckLegal, storage.DeckIllegal:
		default:
			return nil, importProblemOf("StaffImportDeckStatus", i18n.Args{"Player": strconv.Quote(x.ID), "Status": strconv.Quote(x.DeckStatus)})
		}
		entries[x.ID] = true
		in.Entries = append(in.Entries, eventfile.ImportedEntry{Key: x.ID, Entry: storage.Entry{
			PlayerName: x.Name, MemberID: x.MemberID, CheckedIn: x.CheckedIn, DroppedRound: x.DroppedRound,
			Waitlisted: x.Waitlisted, EnteredRound: x.EnteredRound, FixedTable: x.FixedTable, AwardedByes: x.AwardedByes,
			Team: x.Team, TeamSeat: x.TeamSeat, Disqualified: x.Disqualified, DeckText: x.DeckText, DeckStatus: x.DeckStatus,
			DeckProblems: deckProblemFacts(x.DeckProblems), DeckLeader: x.DeckLeader, DeckColours: x.DeckColours,
			DeckSubmittedAt: x.DeckSubmittedAt, DeckChecked: x.DeckChecked, CreatedAt: x.RegisteredAt,
			RandomKey: keys[x.ID], // 0 for the waitlist: a new key is drawn
			Day2:      day2[x.ID],
		}})
	}
	for _, p := range pe.Players {
		if !entries[p.ID] {
			return nil, importProblemOf("StaffImportPlayerNotInSection", i18n.Args{"Player": strconv.Quote(p.ID)})
		}
	}
	return entries, nil
}

// importRounds checks the export's rounds and matches and adds them to in:
// the details are in rounds_meta, and the Swiss rounds must agree with the
// event file's rounds, which the pairing tools read.
func importRounds(pe *pairing.Event, ext *exportExt, in *eventfile.EventImport, entries map[string]bool) error {
	var err error
	swiss := map[int]pairing.Round{}
	for _, r := range pe.Rounds {
		swiss[r.Number] = r
	}
	seen := map[int]bool{}
	swissMeta := 0
	for _, r := range ext.RoundsMeta {
		if r.Number < 1 || seen[r.Number] {
			return importProblemOf("StaffImportRoundNumber", i18n.Args{"Round": r.Number})
		}
		seen[r.Number] = true
		if r.Kind != storage.KindSwiss && r.Kind != storage.KindTopCut {
			return importProblemOf("StaffImportRoundKind", i18n.Args{"Round": r.Number, "Kind": strconv.Quote(r.Kind)})
		}
		if r.Status != storage.RoundPreview && r.Status != storage.RoundPublished && r.Status != storage.RoundFinished {
			return importProblemOf("StaffImportRoundStatus", i18n.Args{"Round": r.Number, "Status": strconv.Quote(r.Status)})
		}
		ir := eventfile.ImportedRound{Round: storage.Round{Number: r.Number, Kind: r.Kind, Status: r.Status, LengthSeconds: r.LengthSeconds,
			CreatedAt: r.CreatedAt, StartedAt: r.StartedAt, Deadline: r.Deadline, PausedRemainingMS: r.PausedRemainingMS,
			PublishedAt: r.PublishedAt, FinishedAt: r.FinishedAt}}
		var want pairing.Round
		if r.Kind == storage.KindSwiss {
			swissMeta++
			var ok bool
			if want, ok = swiss[r.Number]; !ok {
				return importProblemOf("StaffImportSwissRoundMissing", i18n.Args{"Round": r.Number})
			}
			if len(want.Matches) != len(r.Matches) {
				return importProblemOf("StaffImportMatchCount", i18n.Args{"Round": r.Number, "InFile": len(want.Matches), "InMeta": len(r.Matches)})
			}
			text, err := pairingRecordText(want.Pairing)
			if err != nil {
				return err
			}
			ir.PairingRecord = text
		}
		for i, m := range r.Matches {
			if !entries[m.P1] || (m.P2 != nil && !entries[*m.P2]) {
				return importProblemOf("StaffImportMatchPlayer", i18n.Args{"Round": r.Number, "Match": i + 1})
			}
			switch m.Status {
			case storage.MatchPending, storage.MatchReported, storage.MatchDisputed, storage.MatchConfirmed:
			default:
				return importProblemOf("StaffImportMatchStatus", i18n.Args{"Round": r.Number, "Match": i + 1, "Status": strconv.Quote(m.Status)})
			}
			if r.Kind == storage.KindSwiss {
				w := want.Matches[i]
				if w.P1 != m.P1 || !samePlayer(w.P2, m.P2) || w.Result != m.Result || w.Table != derefInt(m.Table) {
					return importProblemOf("StaffImportMatchDiffers", i18n.Args{"Round": r.Number, "Match": i + 1})
				}
			}
			if _, ok := readmodel.ReadPairingNote(m.NoteReason); m.NoteReason != "" && !ok {
				return importProblemOf("StaffImportMatchNoteReason", i18n.Args{"Round": r.Number, "Match": i + 1})
			}
			im := eventfile.ImportedMatch{P1: m.P1, Match: storage.Match{TableNo: m.Table, Result: m.Result, Status: m.Status,
				P1Wins: m.P1Wins, P2Wins: m.P2Wins, Draws: m.Draws, Games: m.Games, ExtensionSeconds: m.ExtensionSeconds, Intentional: m.Intentional && m.Result == storage.ResultDraw, Note: m.Note, NoteReason: m.NoteReason}}
			if m.P2 != nil {
				im.P2 = *m.P2
			}
			if im.Reports, err = importReports(r.Number, i+1, m); err != nil {
				return err
			}
			ir.Matches = append(ir.Matches, im)
		}
		in.Rounds = append(in.Rounds, ir)
	}
	if swissMeta != len(pe.Rounds) {
		return importProblemOf("StaffImportSwissCount", i18n.Args{"InFile": len(pe.Rounds), "InMeta": swissMeta})
	}
	return nil
}

// importPenalties checks the export's penalties and adds them to in.
func importPenalties(ext *exportExt, in *eventfile.EventImport, entries map[string]bool) error {
	for i, p := range ext.Penalties {
		if !entries[p.Player] {
			return importProblemOf("StaffImportPenaltyPlayer", i18n.Args{"Penalty": i + 1, "Player": strconv.Quote(p.Player)})
		}
		if !slices.Contains(judging.RulingPenaltyKinds, p.Kind) {
			return importProblemOf("StaffImportPenaltyKind", i18n.Args{"Penalty": i + 1, "Kind": strconv.Quote(p.Kind)})
		}
		at := eventfile.MatchRef{Round: p.Round, Match: p.Match}
		if !in.HasMatch(at) {
			return importProblemOf("StaffImportPenaltyMatch", i18n.Args{"Penalty": i + 1, "Match": p.Match, "Round": p.Round})
		}
		in.Penalties = append(in.Penalties, eventfile.ImportedPenalty{Entry: p.Player, At: at,
			Penalty: judging.RulingPenalty{Kind: p.Kind, Infraction: p.Infraction, Note: p.Note, JudgeName: p.Judge, CreatedAt: p.CreatedAt}})
	}
	return nil
}

// importFromPairing makes an event of a plain event file of the pairing
// tools: players, Swiss rounds (finished) and the top cut's games, named
// after the file, in the importer's language (ctx's).
func importFromPairing(ctx context.Context, pe *pairing.Event, fileName string, today time.Time) (*eventfile.EventImport, error) {
	name := strings.TrimSpace(strings.TrimSuffix(path.Base(fileName), path.Ext(fileName)))
	if name == "" || name == "." || name == "/" {
		name = storedText(ctx, i18n.M("StaffImportedEventName", nil))
	}
	pts := pe.Scoring()
	status := storage.StatusDraft
	if len(pe.Rounds) > 0 {
		status = storage.StatusRunning
	}
	in := &eventfile.EventImport{Event: storage.Event{
		Name: web.Truncate(name, 120), Game: "fusion-world", Format: "fw-standard", StartsOn: today, Status: status, Language: i18n.Lang(ctx),
		RoundMinutes: 35, TopCutBestOf: 3, Seed: int64(pe.Seed), SelfRegistration: false, EndOfRound: "draw", ExtraTurns: 3,
		Tiebreakers: pe.Tiebreakers, PointsWin: pts.Win, PointsDraw: pts.Draw, PointsLoss: pts.Loss, PointsBye: pts.Bye,
	}}
	if in.Event.Tiebreakers == "" {
		in.Event.Tiebreakers = pairing.ProfileBandai
	}
	if pe.SwissRounds > 0 {
		n := pe.SwissRounds
		in.Event.SwissRounds = &n
	}
	if pe.TopCut != nil {
		in.Event.TopCutSize = pe.TopCut.Size
	}
	importedDays(pe, &in.Event)
	day2 := pe.Day2Players()
	byes := map[string]int{}
	for _, b := range pe.Byes {
		byes[b.Player]++
	}
	for _, p := range pe.Players {
		e := storage.Entry{PlayerName: p.Name, EnteredRound: p.EnteredRound, AwardedByes: byes[p.ID], CheckedIn: true,
			RandomKey: int64(pe.TiebreakKey(p)), Day2: day2[p.ID]}
		if e.PlayerName == "" {
			e.PlayerName = p.ID
		}
		if p.Dropped {
			d, known := p.DroppedAfterRound()
			if !known {
				d = len(pe.Rounds) // a file without the round: dropped at its end
			}
			e.DroppedRound = &d
		}
		in.Entries = append(in.Entries, eventfile.ImportedEntry{Key: p.ID, Entry: e})
	}
	if err := importPairingRounds(pe, in); err != nil {
		return nil, err
	}
	return in, nil
}

// importPairingRounds adds an event file's rounds to in, as finished
// rounds: the Swiss rounds with their results, the top cut with its games.
func importPairingRounds(pe *pairing.Event, in *eventfile.EventImport) error {
	for _, r := range pe.Rounds {
		text, err := pairingRecordText(r.Pairing)
		if err != nil {
			return err
		}
		ir := eventfile.ImportedRound{Round: storage.Round{Number: r.Number, Kind: storage.KindSwiss, Status: storage.RoundFinished, LengthSeconds: 35 * 60},
			PairingRecord: text}
		for _, m := range r.Matches {
			im := eventfile.ImportedMatch{P1: m.P1, Match: storage.Match{Result: m.Result, Status: storage.MatchPending}}
			if m.Table > 0 {
				t := m.Table
				im.Match.TableNo = &t
			}
			if m.P2 != nil {
				im.P2 = *m.P2
			}
			if m.Result != "" {
				im.Match.Status = storage.MatchConfirmed
			}
			switch m.Result {
			case pairing.ResultP1:
				im.Match.P1Wins = 1
			case pairing.ResultP2:
				im.Match.P2Wins = 1
			}
			ir.Matches = append(ir.Matches, im)
		}
		in.Rounds = append(in.Rounds, ir)
	}
	if pe.TopCut != nil {
		for i, r := range pe.TopCut.Rounds {
			ir := eventfile.ImportedRound{Round: storage.Round{Number: len(pe.Rounds) + i + 1, Kind: storage.KindTopCut, Status: storage.RoundFinished, LengthSeconds: 35 * 60}}
			for _, m := range r.Matches {
				games, err := json.Marshal(m.Games)
				if err != nil {
					return err
				}
				p2 := m.P2
				im := eventfile.ImportedMatch{P1: m.P1, P2: p2, Match: storage.Match{Games: string(games), Status: storage.MatchPending}}
				for _, g := range m.Games {
					switch g.Winner {
					case pairing.ResultP1:
						im.Match.P1Wins++
					case pairing.ResultP2:
						im.Match.P2Wins++
					default:
						im.Match.Draws++
					}
				}
				need := 2
				switch {
				case im.Match.P1Wins >= need:
					im.Match.Result, im.Match.Status = storage.ResultP1, storage.MatchConfirmed
				case im.Match.P2Wins >= need:
					im.Match.Result, im.Match.Status = storage.ResultP2, storage.MatchConfirmed
				}
				ir.Matches = append(ir.Matches, im)
			}
			in.Rounds = append(in.Rounds, ir)
		}
	}
	return nil
}

func samePlayer(a, b *string) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return *a == *b
}

func derefInt(p *int) int {
	if p == nil {
		return 0
	}
	return *p
}

// maxImportBytes bounds an uploaded event file (a 1,000-player event with
// decklists is a few megabytes). The import route allows a body a little
// larger; the server-wide 2 MB limit must skip /events/import for it to apply.
const maxImportBytes = 16 << 20

// ImportForm is the upload form; ?imported=ID is where an import that left
// judges out leads (post/redirect/get): it names them, from the import's
// audit row.
func (h *Handler) ImportForm(c echo.Context) error {
	stores, err := h.OrganiserStores(c)
	if err != nil {
		return err
	}
	if len(stores) == 0 {
		return web.Refused(i18n.M("NoStoreYet", nil))
	}
	f := importFormFor(c, stores)
	if id, err := strconv.ParseInt(c.QueryParam("existing"), 10, 64); err == nil {
		ev, err := h.Store.EventByID(c.Request().Context(), id)
		if err != nil {
			return err
		}
		if !web.HasShop(stores, ev.StoreID) {
			return web.NotFound()
		}
		f.ExistingID, f.Existing = ev.ID, outcomeMessage(&importAnswer{outcome: outcomeAlreadyThere, event: ev})
	}
	if id, err := strconv.ParseInt(c.QueryParam("imported"), 10, 64); err == nil {
		ctx := c.Request().Context()
		ev, err := h.Store.EventByID(ctx, id)
		if err != nil {
			return err
		}
		// Another store's event is not named here, nor its judges.
		if !web.HasShop(stores, ev.StoreID) {
			return web.NotFound()
		}
		audit, err := h.Store.AuditLogFor(ctx, "event", ev.ID)
		if err != nil {
			return err
		}
		for _, row := range audit {
			var after struct {
				Missing []string `json:"judges_not_attached"`
			}
			if row.Action == "import" && json.Unmarshal([]byte(row.AfterJSON), &after) == nil && len(after.Missing) > 0 {
				f.ImportedID, f.ImportedName, f.MissingJudges = ev.ID, ev.Name, after.Missing
			}
		}
	}
	return web.Render(c, http.StatusOK, views.ImportPage(h.PageTitled(c, i18n.M("StaffImportEvent", nil)), f))
}

// importFormFor offers the organiser's stores, like the new event form.
func importFormFor(c echo.Context, stores []accounts.Shop) views.ImportForm {
	f := views.ImportForm{StoreID: c.FormValue("store_id"), StoreChoices: web.StoreChoices(c, stores)}
	if len(stores) == 1 {
		f.StoreID = strconv.FormatInt(stores[0].ID, 10)
	}
	return f
}

// ImportEventFile creates a new event from an uploaded file, all or nothing.
func (h *Handler) ImportEventFile(c echo.Context) error {
	stores, err := h.OrganiserStores(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	fail := func(msg i18n.Message) error {
		f := importFormFor(c, stores)
		f.Problem = msg
		return web.Render(c, http.StatusUnprocessableEntity, views.ImportPage(h.PageTitled(c, i18n.M("StaffImportEvent", nil)), f))
	}
	shop, msg, err := h.ChosenStore(c, stores)
	if err != nil {
		return err
	}
	if msg != "" {
		return fail(i18n.Verbatim(msg)) // web.ChosenStore still words it
	}
	fh, err := c.FormFile("file")
	if err != nil {
		return fail(i18n.M("StaffImportChooseFile", nil))
	}
	if fh.Size > maxImportBytes {
		return fail(i18n.M("StaffImportTooLarge", i18n.Args{"Max": maxImportBytes >> 20}))
	}
	f, err := fh.Open()
	if err != nil {
		return err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxImportBytes+1))
	if err != nil {
		return err
	}
	if len(data) > maxImportBytes {
		return fail(i18n.M("StaffImportTooLarge", i18n.Args{"Max": maxImportBytes >> 20}))
	}
	mode := pageMode
	if c.FormValue("copy") == "1" {
		mode = copyMode
	}
	ans, err := h.importInto(ctx, web.ActorOf(c), shop.ID, data, fh.Filename, mode)
	var prob *importProblem
	if errors.As(err, &prob) {
		return fail(prob.message())
	} else if err != nil {
		return err
	}
	switch ans.outcome {
	case outcomeAlreadyThere:
		// Nothing changed: the page says so and links to the event.
		return web.Redirect(c, "/events/import?existing="+strconv.FormatInt(ans.event.ID, 10))
	case outcomeDiffers, outcomeMadeHere:
		f := importFormFor(c, stores)
		f.ExistingID, f.Existing = ans.event.ID, outcomeMessage(ans)
		return web.Render(c, http.StatusConflict, views.ImportPage(h.PageTitled(c, i18n.M("StaffImportEvent", nil)), f))
	}
	if len(ans.missingJudges) > 0 {
		// Accounts are never created by an import: say which judges were
		// left out, so the organiser can add them.
		return web.Redirect(c, "/events/import?imported="+strconv.FormatInt(ans.event.ID, 10))
	}
	return web.Redirect(c, "/events/"+strconv.FormatInt(ans.event.ID, 10))
}

// pairingRecordText is a round's pairing record as stored (JSON), "" for
// none. The file's reader has already checked its shape.
func pairingRecordText(rec *pairing.RoundRecord) (string, error) {
	if rec == nil {
		return "", nil
	}
	b, err := json.Marshal(rec)
	if err != nil {
		return "", fmt.Errorf("transfer: round %d's pairing record: %w", rec.Round, err)
	}
	return string(b), nil
}

// importedDays takes a two-day event's days and cut from the event file
// (its players who advanced are the entries' Day2).
func importedDays(pe *pairing.Event, ev *storage.Event) {
	td := pe.TwoDay
	if td == nil {
		return
	}
	ev.Day1Rounds, ev.Day2Rounds, ev.Day2Cut, ev.Day2CutValue = td.Day1Rounds, td.Day2Rounds, td.Cut, td.Points
	if td.Cut == pairing.CutBySize {
		ev.Day2CutValue = td.Size
	}
}
