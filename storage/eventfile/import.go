package eventfile

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/accounts"
	"github.com/tenkaichi-org/tenkaichi/storage/judging"
)

// EventImport is a whole event read from an exported file (docs/event-file.md):
// the event, its entries, rounds with their matches and reports, penalties,
// judge calls, game logs, rulings, announcements, judges and audit log. The
// file names players by its own keys and other records by their place in
// the file; ImportEvent and RestoreEvent give them ids.
type EventImport struct {
	Event         storage.Event
	Entries       []ImportedEntry
	Rounds        []ImportedRound
	Penalties     []ImportedPenalty
	Calls         []ImportedCall
	GameLogs      []ImportedGameLog
	Rulings       []ImportedRuling
	Announcements []storage.Announcement
	DeckChecks    []ImportedDeckCheck
	// Judges are the usernames of the judge accounts attached to the event.
	Judges []string
	// Audit is the event's audit log, oldest first. ImportEvent adds it to
	// the new event; RestoreEvent ignores it (the event keeps its own log).
	Audit []storage.AuditEntry
	// FileSHA256 is the hash of the file it was read from (hex), kept in
	// the import's audit row: the same file sent again is recognised.
	FileSHA256 string
}

// ImportedEntry is a player and the key the file knows them by.
type ImportedEntry struct {
	Key   string
	Entry storage.Entry
}

// ImportedRound is a round with its matches in order.
type ImportedRound struct {
	Round   storage.Round
	Matches []ImportedMatch
	// PairingRecord is the round's pairing record from the file (JSON,
	// storage.PairingRecords), its players given by their keys.
	PairingRecord string
}

// ImportedMatch is a match whose players are given by their keys (P2 ""
// for a bye), with the players' own reports of it.
type ImportedMatch struct {
	Match   storage.Match
	P1      string
	P2      string
	Reports []ImportedReport
}

// ImportedReport is one player's report of a match; Entry is the player's key.
type ImportedReport struct {
	Entry  string
	Report storage.Report
}

// MatchRef names a match by its round number and its 1-based position in
// the round; the zero MatchRef names no match.
type MatchRef struct {
	Round int
	Match int
}

// ImportedPenalty is a penalty; Entry is the player's key.
type ImportedPenalty struct {
	Penalty judging.RulingPenalty
	Entry   string
	At      MatchRef
}

// ImportedCall is a judge call; Entry is the caller's key ("" for a call the
// system opened); GameLog is the 1-based position in EventImport.GameLogs of
// the game it was made from (0 for none).
type ImportedCall struct {
	Call    storage.JudgeCall
	Entry   string
	At      MatchRef
	GameLog int
}

// ImportedGameLog is a game log and the match it was recorded for.
type ImportedGameLog struct {
	Log storage.GameLog
	At  MatchRef
}

// ImportedRuling is a ruling; GameLog and Penalty are 1-based positions in
// EventImport.GameLogs and .Penalties (0 for none).
type ImportedRuling struct {
	Ruling  judging.Ruling
	At      MatchRef
	GameLog int
	Penalty int
}

// ImportResult is the event ImportEvent created and the judges named in
// the file that could not be attached: no judge account of that name exists
// here (accounts are never created by an import).
type ImportResult struct {
	Event         *storage.Event
	MissingJudges []string
}

// ImportEvent creates a new event from in, in one transaction: the event,
// its entries and everything under them, the file's audit log and one audit
// row for the import. Nothing is written if anything fails. tokenHash gives
// the hash of an entry's phone link once its id is known (new ids, link
// generation 1); nil leaves the entries with a random, unusable hash.
func (s *Store) ImportEvent(ctx context.Context, actor storage.Actor, in *EventImport, tokenHash func(entryID int64, generation int) string) (*ImportResult, error) {
	ev := in.Event
	res := &ImportResult{Event: &ev}
	err := s.tx(ctx, func(tx *Store) error {
		now := tx.now()
		newImportedEvent(&ev, actor, now)
		if err := tx.fillStore(ctx, &ev.StoreID); err != nil {
			return err
		}
		if err := storage.FillOrigin(&ev.Origin); err != nil {
			return err
		}
		if err := tx.with(ctx).Create(&ev).Error; err != nil {
			return wrap("import event", err)
		}
		ids := make(map[string]int64, len(in.Entries))
		for i := range in.Entries {
			ie := &in.Entries[i]
			if err := checkImportKey(ie.Key, i, ids); err != nil {
				return err
			}
			e := ie.Entry
			e.EventID = ev.ID
			if err := tx.insertImportedEntry(ctx, &e, tokenHash); err != nil {
				return err
			}
			ids[ie.Key] = e.ID
		}
		counts, err := tx.writeEventBody(ctx, ev.ID, in, ids)
		if err != nil {
			return err
		}
		if res.MissingJudges, err = tx.attachJudges(ctx, &ev, in.Judges); err != nil {
			return err
		}
		if err := tx.importAudit(ctx, ev.ID, in.Audit, ids); err != nil {
			return err
		}
		after := map[string]any{"name": ev.Name, "entries": len(in.Entries), "audit_rows": len(in.Audit)}
		for k, v := range counts {
			after[k] = v
		}
		if len(res.MissingJudges) > 0 {
			after["judges_not_attached"] = res.MissingJudges
		}
		if in.FileSHA256 != "" {
			after["file_sha256"] = in.FileSHA256
		}
		return tx.writeAudit(ctx, actor, &ev.ID, "import", "event", ev.ID, nil, after)
	})
	if err != nil {
		return nil, err
	}
	return res, nil
}

// newImportedEvent readies an event file's event to be created anew: new
// id and version, created now by actor, defaults for what the file lacks.
func newImportedEvent(ev *storage.Event, actor storage.Actor, now time.Time) {
	ev.ID, ev.Version, ev.CreatedAt, ev.UpdatedAt, ev.CreatedBy = 0, 1, now, now, nil
	if actor.UserID != 0 {
		id := actor.UserID
		ev.CreatedBy = &id
	}
	if ev.Status == "" {
		ev.Status = storage.StatusDraft
	}
	if ev.Language == "" {
		ev.Language = "en"
	}
	if ev.TimeZone == "" {
		ev.TimeZone = storage.ServerZoneName()
	}
}

// importAudit adds an event file's audit log to the new event eventID.
func (s *Store) importAudit(ctx context.Context, eventID int64, audit []storage.AuditEntry, ids map[string]int64) error {
	for _, a := range audit {
		a.ID, a.EventID, a.UserID = 0, &eventID, nil
		// Ids in the file are the old server's: the event and its players
		// are renumbered, other ids would name unrelated rows here.
		switch a.Entity {
		case "event":
			a.EntityID = eventID
		case "entry":
			a.EntityID = ids[strconv.FormatInt(a.EntityID, 10)]
		default:
			a.EntityID = 0
		}
		if err := s.with(ctx).Create(&a).Error; err != nil {
			return wrap("import audit log", err)
		}
	}
	return nil
}

func checkImportKey(key string, i int, ids map[string]int64) error {
	if key == "" {
		return fmt.Errorf("storage: import entry %d has no key: %w", i+1, storage.ErrConflict)
	}
	if _, dup := ids[key]; dup {
		return fmt.Errorf("storage: import: player %q twice: %w", key, storage.ErrConflict)
	}
	return nil
}

// insertImportedEntry creates e (EventID set) with a new id and link.
func (s *Store) insertImportedEntry(ctx context.Context, e *storage.Entry, tokenHash func(int64, int) string) error {
	now := s.now()
	e.ID, e.Version, e.TokenGeneration = 0, 1, 1
	if e.CreatedAt.IsZero() {
		e.CreatedAt = now
	}
	e.UpdatedAt = now
	if e.EnteredRound == 0 {
		e.EnteredRound = 1
	}
	if e.DeckStatus == "" {
		e.DeckStatus = storage.DeckMissing
	}
	if e.RandomKey == 0 {
		key, err := storage.NewRandomKey()
		if err != nil {
			return err
		}
		e.RandomKey = key
	}
	placeholder, err := importPlaceholder()
	if err != nil {
		return err
	}
	e.TokenHash = "import:" + placeholder
	if err := s.st.LinkEntry(ctx, e); err != nil {
		return err
	}
	if err := s.with(ctx).Create(e).Error; err != nil {
		return wrap("import entry", err)
	}
	if tokenHash != nil {
		e.TokenHash = tokenHash(e.ID, e.TokenGeneration)
		if err := s.with(ctx).Model(&storage.Entry{}).Where("id = ?", e.ID).Update("token_hash", e.TokenHash).Error; err != nil {
			return wrap("import entry link", err)
		}
	}
	return nil
}

// writeEventBody writes everything of in below the event and its entries
// (ids maps the file's player keys to entry ids): rounds, matches, reports,
// penalties, judge calls, game logs, rulings and announcements. It returns
// how many of each it wrote, for the audit row. The caller holds the
// transaction.
func (s *Store) writeEventBody(ctx context.Context, eventID int64, in *EventImport, ids map[string]int64) (map[string]int, error) {
	w := &eventWriter{s: s, ctx: ctx, eventID: eventID, now: s.now(), ids: ids, counts: map[string]int{},
		matchIDs: map[MatchRef]int64{}, accounts: map[string]*int64{}}
	for _, write := range []func(*EventImport) error{w.rounds, w.penalties, w.gameLogs, w.calls, w.rulings, w.announcements, w.deckChecks} {
		if err := write(in); err != nil {
			return nil, err
		}
	}
	return w.counts, nil
}

// eventWriter writes an event file's records below its event, in the
// order later ones refer to earlier ones: rounds and matches, penalties,
// game logs, then the judge calls and rulings that name them.
type eventWriter struct {
	s       *Store
	ctx     context.Context
	eventID int64
	now     time.Time
	ids     map[string]int64 // the file's player keys -> entry ids
	counts  map[string]int   // what was written, by kind
	// matchIDs, penaltyIDs and logIDs are the ids of what was written, by
	// the file's references to it (a match by round and position, the
	// others by 1-based position).
	matchIDs   map[MatchRef]int64
	penaltyIDs []int64
	logIDs     []int64
	accounts   map[string]*int64 // username -> account id, nil when there is none
}

// create writes one record, counted under kind.
func (w *eventWriter) create(v any, kind, what string) error {
	if err := w.s.with(w.ctx).Create(v).Error; err != nil {
		return wrap("import "+what, err)
	}
	w.counts[kind]++
	return nil
}

// entry is the entry id of a player key.
func (w *eventWriter) entry(key, what string) (int64, error) {
	id, ok := w.ids[key]
	if !ok {
		return 0, fmt.Errorf("storage: import: %s: unknown player %q: %w", what, key, storage.ErrConflict)
	}
	return id, nil
}

// match is the id of the match at (nil for none).
func (w *eventWriter) match(at MatchRef, what string) (*int64, error) {
	if at == (MatchRef{}) {
		return nil, nil
	}
	id, ok := w.matchIDs[at]
	if !ok {
		return nil, fmt.Errorf("storage: import: %s: no match %d in round %d: %w", what, at.Match, at.Round, storage.ErrConflict)
	}
	return &id, nil
}

// nth is the id of the n-th (1-based) record written of a kind (nil for 0).
func nth(ids []int64, n int, kind, what string) (*int64, error) {
	switch {
	case n == 0:
		return nil, nil
	case n < 0 || n > len(ids):
		return nil, fmt.Errorf("storage: import: %s: no %s %d: %w", what, kind, n, storage.ErrConflict)
	}
	return &ids[n-1], nil
}

// account is the id of the account with a username, nil for none.
func (w *eventWriter) account(name string) (*int64, error) {
	if id, ok := w.accounts[name]; ok {
		return id, nil
	}
	var id *int64
	if name != "" {
		u, err := accounts.New(w.s.st).UserByUsername(w.ctx, name)
		switch {
		case err == nil:
			id = &u.ID
		case !storage.IsNotFound(err):
			return nil, err
		}
	}
	w.accounts[name] = id
	return id, nil
}

// rounds writes the rounds with their matches and reports.
func (w *eventWriter) rounds(in *EventImport) error {
	numbers := map[int]bool{}
	for _, ir := range in.Rounds {
		r := ir.Round
		if numbers[r.Number] || r.Number < 1 {
			return fmt.Errorf("storage: import: round number %d: %w", r.Number, storage.ErrConflict)
		}
		numbers[r.Number] = true
		r.ID, r.EventID = 0, w.eventID
		if r.Version == 0 {
			r.Version = 1
		}
		if r.CreatedAt.IsZero() {
			r.CreatedAt = w.now
		}
		if err := w.create(&r, "rounds", "round"); err != nil {
			return err
		}
		for pos, im := range ir.Matches {
			if err := w.roundMatch(&r, pos, &im); err != nil {
				return err
			}
		}
		rec, err := w.recordOfEntries(ir.PairingRecord, r.Number)
		if err != nil {
			return err
		}
		if err := w.s.st.SetPairingRecord(w.ctx, r.ID, rec); err != nil {
			return err
		}
	}
	return nil
}

// recordOfEntries is a pairing record with its players' keys (the
// standings' ids and the awarded byes) made the new entries' ids, as the
// export names players, so the record still matches the event exported
// again. Everything else in it stays as the file has it.
func (w *eventWriter) recordOfEntries(record string, round int) (string, error) {
	if record == "" {
		return "", nil
	}
	var rec map[string]json.RawMessage
	if err := json.Unmarshal([]byte(record), &rec); err != nil {
		return "", fmt.Errorf("storage: import: round %d: pairing record: %w", round, storage.ErrConflict)
	}
	if string(rec["teams"]) == "true" {
		return record, nil // a team round's record names teams, not players
	}
	what := fmt.Sprintf("round %d, pairing record", round)
	var standings []map[string]json.RawMessage
	if err := json.Unmarshal(orNull(rec["standings"]), &standings); err != nil {
		return "", fmt.Errorf("storage: import: %s: standings: %w", what, storage.ErrConflict)
	}
	newID := func(key string) (string, error) {
		id, err := w.entry(key, what)
		return strconv.FormatInt(id, 10), err
	}
	for i, st := range standings {
		var key string
		if err := json.Unmarshal(orNull(st["id"]), &key); err != nil {
			return "", fmt.Errorf("storage: import: %s: standings %d: %w", what, i+1, storage.ErrConflict)
		}
		id, err := newID(key)
		if err != nil {
			return "", err
		}
		st["id"], _ = json.Marshal(id)
	}
	if standings != nil {
		rec["standings"], _ = json.Marshal(standings)
	}
	// The awarded byes, and a day-2 round's eligible players.
	for _, field := range []string{"awarded_byes", "eligible"} {
		if err := remapIDs(rec, field, what, newID); err != nil {
			return "", err
		}
	}
	out, err := json.Marshal(rec)
	return string(out), err
}

// remapIDs gives the ids listed in rec's field (a list of player keys)
// their new entry ids.
func remapIDs(rec map[string]json.RawMessage, field, what string, newID func(string) (string, error)) error {
	var ids []string
	if err := json.Unmarshal(orNull(rec[field]), &ids); err != nil {
		return fmt.Errorf("storage: import: %s: %s: %w", what, field, storage.ErrConflict)
	}
	if ids == nil {
		return nil
	}
	for i, key := range ids {
		id, err := newID(key)
		if err != nil {
			return err
		}
		ids[i] = id
	}
	rec[field], _ = json.Marshal(ids)
	return nil
}

// orNull is raw, or JSON null for a key the record does not have.
func orNull(raw json.RawMessage) json.RawMessage {
	if raw == nil {
		return json.RawMessage("null")
	}
	return raw
}

// roundMatch writes the match at position pos of round r, and its reports.
func (w *eventWriter) roundMatch(r *storage.Round, pos int, im *ImportedMatch) error {
	what := fmt.Sprintf("round %d, match %d", r.Number, pos+1)
	m := im.Match
	p1, err := w.entry(im.P1, what)
	if err != nil {
		return err
	}
	m.ID, m.EventID, m.RoundID, m.P1EntryID, m.P2EntryID, m.Version, m.UpdatedAt = 0, w.eventID, r.ID, p1, nil, 1, w.now
	if im.P2 != "" {
		p2, err := w.entry(im.P2, what)
		if err != nil {
			return err
		}
		m.P2EntryID = &p2
	}
	if m.Status == "" {
		m.Status = storage.MatchPending
	}
	if err := w.create(&m, "matches", "match"); err != nil {
		return err
	}
	w.matchIDs[MatchRef{r.Number, pos + 1}] = m.ID
	for _, ir := range im.Reports {
		rep := ir.Report
		by, err := w.entry(ir.Entry, what+", report")
		if err != nil {
			return err
		}
		if m.Side(by) == "" {
			return fmt.Errorf("storage: import: %s: a report by %q, who does not play it: %w", what, ir.Entry, storage.ErrConflict)
		}
		rep.ID, rep.MatchID, rep.EntryID = 0, m.ID, by
		if rep.CreatedAt.IsZero() {
			rep.CreatedAt = w.now
		}
		if err := w.create(&rep, "reports", "report"); err != nil {
			return err
		}
	}
	return nil
}

// penalties writes the penalties, keeping their ids for the rulings.
func (w *eventWriter) penalties(in *EventImport) error {
	w.penaltyIDs = make([]int64, len(in.Penalties))
	for i, ip := range in.Penalties {
		what := fmt.Sprintf("penalty %d", i+1)
		p := ip.Penalty
		who, err := w.entry(ip.Entry, what)
		if err != nil {
			return err
		}
		if !slices.Contains(judging.RulingPenaltyKinds, p.Kind) {
			return fmt.Errorf("storage: import: %s: kind %q: %w", what, p.Kind, storage.ErrConflict)
		}
		m, err := w.match(ip.At, what)
		if err != nil {
			return err
		}
		judge, err := w.account(p.JudgeName)
		if err != nil {
			return err
		}
		p.ID, p.EventID, p.EntryID, p.MatchID, p.JudgeID = 0, w.eventID, who, m, judge
		if p.CreatedAt.IsZero() {
			p.CreatedAt = w.now
		}
		if err := w.create(&p, "penalties", "penalty"); err != nil {
			return err
		}
		w.penaltyIDs[i] = p.ID
	}
	return nil
}

// gameLogs writes the game logs, keeping their ids for calls and rulings.
func (w *eventWriter) gameLogs(in *EventImport) error {
	w.logIDs = make([]int64, len(in.GameLogs))
	for i, il := range in.GameLogs {
		l := il.Log
		m, err := w.match(il.At, fmt.Sprintf("game log %d", i+1))
		if err != nil {
			return err
		}
		l.ID, l.EventID, l.MatchID = 0, w.eventID, m
		if l.GameNo == 0 {
			l.GameNo = 1
		}
		if l.CreatedAt.IsZero() {
			l.CreatedAt = w.now
		}
		if l.UpdatedAt.IsZero() {
			l.UpdatedAt = l.CreatedAt
		}
		if err := w.create(&l, "game_logs", "game log"); err != nil {
			return err
		}
		w.logIDs[i] = l.ID
	}
	return nil
}

// calls writes the judge calls.
func (w *eventWriter) calls(in *EventImport) error {
	for i, ic := range in.Calls {
		what := fmt.Sprintf("judge call %d", i+1)
		c := ic.Call
		c.ID, c.EventID, c.EntryID = 0, w.eventID, nil
		if ic.Entry != "" {
			who, err := w.entry(ic.Entry, what)
			if err != nil {
				return err
			}
			c.EntryID = &who
		}
		var err error
		if c.MatchID, err = w.match(ic.At, what); err != nil {
			return err
		}
		if c.GameLogID, err = nth(w.logIDs, ic.GameLog, "game log", what); err != nil {
			return err
		}
		if c.Status == "" {
			c.Status = storage.CallOpen
		}
		if c.CreatedAt.IsZero() {
			c.CreatedAt = w.now
		}
		if err := w.create(&c, "judge_calls", "judge call"); err != nil {
			return err
		}
	}
	return nil
}

// rulings writes the rulings.
func (w *eventWriter) rulings(in *EventImport) error {
	for i, ir := range in.Rulings {
		what := fmt.Sprintf("ruling %d", i+1)
		r := ir.Ruling
		m, err := w.match(ir.At, what)
		if err != nil {
			return err
		}
		r.ID, r.EventID, r.MatchID, r.GameLogID, r.PenaltyID, r.Penalty = 0, w.eventID, m, nil, nil, nil
		if r.GameLogID, err = nth(w.logIDs, ir.GameLog, "game log", what); err != nil {
			return err
		}
		if r.PenaltyID, err = nth(w.penaltyIDs, ir.Penalty, "penalty", what); err != nil {
			return err
		}
		if r.JudgeID, err = w.account(r.JudgeName); err != nil {
			return err
		}
		if r.CreatedAt.IsZero() {
			r.CreatedAt = w.now
		}
		if err := w.create(&r, "rulings", "ruling"); err != nil {
			return err
		}
	}
	return nil
}

// announcements writes the announcements.
func (w *eventWriter) announcements(in *EventImport) error {
	for _, a := range in.Announcements {
		a.ID, a.EventID = 0, w.eventID
		if a.CreatedAt.IsZero() {
			a.CreatedAt = w.now
		}
		if err := w.create(&a, "announcements", "announcement"); err != nil {
			return err
		}
	}
	return nil
}

// attachJudges attaches the judge accounts with the given usernames to the
// event and returns the names that have no judge account in the event's
// store (an organiser attaches only their store's judges, storage/accounts/shops.go).
func (s *Store) attachJudges(ctx context.Context, ev *storage.Event, names []string) ([]string, error) {
	eventID := ev.ID
	var missing []string
	for _, name := range names {
		u, err := accounts.New(s.st).UserByUsername(ctx, name)
		if storage.IsNotFound(err) || (err == nil && u.Role != storage.RoleJudge) {
			missing = append(missing, name)
			continue
		}
		if err != nil {
			return nil, err
		}
		if member, err := accounts.New(s.st).IsShopMember(ctx, ev.StoreID, u.ID); err != nil {
			return nil, err
		} else if !member {
			missing = append(missing, name)
			continue
		}
		ok, err := s.st.IsEventJudge(ctx, eventID, u.ID)
		if err != nil {
			return nil, err
		}
		if !ok {
			if err := s.with(ctx).Create(&storage.EventJudge{EventID: eventID, UserID: u.ID}).Error; err != nil {
				return nil, wrap("attach judge", err)
			}
		}
	}
	return missing, nil
}

func importPlaceholder() (string, error) {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return hex.EncodeToString(b), nil
}

// HasMatch reports whether at names a match of in (the zero MatchRef, no
// match, is always fine).
func (in *EventImport) HasMatch(at MatchRef) bool {
	if at == (MatchRef{}) {
		return true
	}
	for _, r := range in.Rounds {
		if r.Round.Number == at.Round {
			return at.Match >= 1 && at.Match <= len(r.Matches)
		}
	}
	return false
}
