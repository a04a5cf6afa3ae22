package rules

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"regexp"
	"sort"
	"strings"
	"time"

	"github.com/tenkaichi-org/tenkaichi/jsonproblem"
)

// DateLayout is how dates are written in ban-list files and on the command line.
const DateLayout = "2006-01-02"

// BanStatus is what a ban list says about a card.
type BanStatus string

const (
	StatusBanned  BanStatus = "banned"
	StatusLimited BanStatus = "limited" // at most Limit copies
)

// BanEntry is one card on a ban list.
type BanEntry struct {
	Number string    `json:"number"`
	Name   string    `json:"name,omitempty"`
	Status BanStatus `json:"status"`
	// Limit is the copies allowed for a limited card (0 for banned cards).
	Limit int `json:"limit,omitempty"`
	// Since, when set, is the date this entry starts to apply; before it the
	// entry is ignored even though its version is in force (Bandai announces
	// changes ahead of their date). Empty means from the version's date.
	Since string `json:"since,omitempty"`
}

// BanListVersion is one published version of a game's ban list.
type BanListVersion struct {
	Game Game `json:"game"`
	// Name is what results cite, e.g. "March 2026".
	Name string `json:"name"`
	// Effective is the first day (YYYY-MM-DD) this version is in force.
	Effective string     `json:"effective"`
	Source    string     `json:"source,omitempty"`
	Entries   []BanEntry `json:"entries"`

	effective time.Time
	since     []time.Time    // per entry, zero when the entry has no own date
	index     map[string]int // canonical number -> entry index
}

// Entry returns the entry for a card number that applies on date, if any.
func (v *BanListVersion) Entry(number string, date time.Time) (BanEntry, bool) {
	if v == nil {
		return BanEntry{}, false
	}
	return v.entry(CanonicalNumber(number), date)
}

// entry looks up a number that is already canonical.
func (v *BanListVersion) entry(number string, date time.Time) (BanEntry, bool) {
	if v.index == nil {
		// A version built or decoded directly rather than through BanLists.Add
		// or ReadBanLists has no index: search it, slowly but correctly.
		for _, e := range v.Entries {
			if CanonicalNumber(e.Number) != number {
				continue
			}
			if s, err := time.Parse(DateLayout, e.Since); err == nil && date.Before(s) {
				return BanEntry{}, false
			}
			return e, true
		}
		return BanEntry{}, false
	}
	i, ok := v.index[number]
	if !ok {
		return BanEntry{}, false
	}
	if s := v.since[i]; !s.IsZero() && date.Before(s) {
		return BanEntry{}, false
	}
	return v.Entries[i], true
}

// EffectiveDate is the version's first day in force.
func (v *BanListVersion) EffectiveDate() time.Time { return v.effective }

// prepare checks a version and builds its index.
func (v *BanListVersion) prepare() error {
	if v.Game == "" {
		return fileProblem("bans-no-game")
	}
	if _, err := parseGame(string(v.Game)); err != nil {
		return err
	}
	if strings.TrimSpace(v.Name) == "" {
		return fileProblem("bans-no-name")
	}
	t, err := time.Parse(DateLayout, v.Effective)
	if err != nil {
		return fileProblem("bans-effective", v.Effective)
	}
	v.effective = t
	v.index = make(map[string]int, len(v.Entries))
	v.since = make([]time.Time, len(v.Entries))
	for i := range v.Entries {
		e := &v.Entries[i]
		e.Number = CanonicalNumber(e.Number)
		entry := i + 1 // as people count them
		if e.Number == "" {
			return fileProblem("bans-no-number", entry)
		}
		switch e.Status {
		case StatusBanned:
			e.Limit = 0
		case StatusLimited:
			if e.Limit < 1 {
				return fileProblem("bans-limit", entry, e.Number)
			}
		default:
			return fileProblem("bans-status", entry, e.Number, string(e.Status))
		}
		if _, dup := v.index[e.Number]; dup {
			return fileProblem("bans-twice", entry, e.Number)
		}
		if e.Since != "" {
			s, err := time.Parse(DateLayout, e.Since)
			if err != nil {
				return fileProblem("bans-since", entry, e.Number, e.Since)
			}
			v.since[i] = s
		}
		v.index[e.Number] = i
	}
	return nil
}

// BanLists holds the ban-list versions of every game.
type BanLists struct {
	byGame map[Game][]*BanListVersion // sorted by effective date
}

// NewBanLists builds a set of ban lists from versions. Two versions of one
// game with the same effective date are an error.
func NewBanLists(versions ...BanListVersion) (*BanLists, error) {
	b := &BanLists{byGame: map[Game][]*BanListVersion{}}
	for _, v := range versions {
		if err := b.Add(v); err != nil {
			return nil, err
		}
	}
	return b, nil
}

// Add checks a version and adds it; a version with the same game and
// effective date as an existing one replaces it.
func (b *BanLists) Add(v BanListVersion) error {
	v.Entries = append([]BanEntry(nil), v.Entries...)
	if err := v.prepare(); err != nil {
		return &BanListError{Name: v.Name, Err: err}
	}
	if b.byGame == nil {
		b.byGame = map[Game][]*BanListVersion{}
	}
	list := b.byGame[v.Game]
	for i, old := range list {
		if old.effective.Equal(v.effective) {
			list[i] = &v
			return nil
		}
	}
	list = append(list, &v)
	sort.Slice(list, func(i, j int) bool { return list[i].effective.Before(list[j].effective) })
	b.byGame[v.Game] = list
	return nil
}

// InForce returns the version of game's list in force on date: the one with
// the latest effective date on or before it. It returns nil when none is.
func (b *BanLists) InForce(game Game, date time.Time) *BanListVersion {
	if b == nil {
		return nil
	}
	list := b.byGame[game]
	var found *BanListVersion
	for _, v := range list {
		if v.effective.After(date) {
			break
		}
		found = v
	}
	return found
}

// Versions returns all versions of a game, oldest first.
func (b *BanLists) Versions(game Game) []BanListVersion {
	if b == nil {
		return nil
	}
	out := make([]BanListVersion, 0, len(b.byGame[game]))
	for _, v := range b.byGame[game] {
		out = append(out, *v)
	}
	return out
}

// BuiltinBanLists returns the ban lists the product ships: the Fusion World
// list in force since March 2026. Callers may Add more versions to the result.
func BuiltinBanLists() *BanLists {
	b, err := NewBanLists(FusionWorldMarch2026())
	if err != nil {
		panic(err) // built-in data is checked by tests
	}
	return b
}

// FusionWorldMarch2026 is Bandai's Fusion World banned and restricted list
// "from March 2026". Bandai's page gives no day; the 1st is assumed.
func FusionWorldMarch2026() BanListVersion {
	return BanListVersion{
		Game:      GameFusionWorld,
		Name:      "March 2026",
		Effective: "2026-03-01",
		Source:    "https://www.dbs-cardgame.com/fw/en/rules/banned-limited-cards/",
		Entries: []BanEntry{
			{Number: "FB01-056", Name: "Pilaf", Status: StatusBanned},
			{Number: "FB01-005", Name: "Master Roshi", Status: StatusBanned},
			{Number: "FB02-031", Name: "Ribrianne", Status: StatusBanned},
			{Number: "FB04-085", Name: "Babidi", Status: StatusLimited, Limit: 1},
			{Number: "FB04-094", Status: StatusLimited, Limit: 1},
			{Number: "FB04-095", Name: "Majin Buu : Kid", Status: StatusLimited, Limit: 1},
			{Number: "SB01-011", Name: "Cell", Status: StatusLimited, Limit: 1},
			{Number: "SB01-015", Status: StatusLimited, Limit: 1},
		},
	}
}

// ReadBanListsFile reads ban-list versions from a file (see ReadBanLists).
func ReadBanListsFile(path string) ([]BanListVersion, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	v, err := ReadBanLists(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return v, nil
}

// ReadBanLists reads the ban-list JSON of docs/banlist-format.md: one version
// object, an array of them, or {"versions": [...]}. It also reads Bandai's
// Masters list as transcribed in masters-banlist-2026-06.json (entries with
// card_number, status, limit, card_name and a free-text "since"); see
// docs/banlist-format.md for how that maps to a version.
func ReadBanLists(r io.Reader) ([]BanListVersion, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxCardFileSize+1))
	if err != nil {
		return nil, err
	}
	if len(data) > maxCardFileSize {
		return nil, fileProblem("bans-too-large")
	}
	// A byte order mark is dropped; the rest is kept as written, so a
	// problem's line and column are the file's.
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 {
		return nil, fileProblem("bans-empty")
	}
	var versions []BanListVersion
	switch trimmed[0] {
	case '[':
		if err := jsonproblem.Decode(data, &versions, true); err != nil {
			return nil, err
		}
	case '{':
		if versions, err = readBanListObject(data); err != nil {
			return nil, err
		}
	default:
		return nil, fileProblem("bans-not-json")
	}
	for i := range versions {
		v := versions[i]
		if err := v.prepare(); err != nil {
			return nil, &BanListError{Version: i + 1, Err: err}
		}
		versions[i].Entries = v.Entries // canonical numbers
	}
	return versions, nil
}

// readBanListObject reads a ban-list file that is one JSON object: the
// versions under "versions", Bandai's Masters list, or one version.
func readBanListObject(data []byte) ([]BanListVersion, error) {
	var probe struct {
		Versions json.RawMessage `json:"versions"`
		Updated  string          `json:"updated"`
		Entries  []struct {
			CardNumber *string `json:"card_number"`
		} `json:"entries"`
	}
	if err := jsonproblem.Decode(data, &probe, false); err != nil {
		return nil, err
	}
	switch {
	case probe.Versions != nil:
		var file struct {
			Versions []BanListVersion `json:"versions"`
		}
		if err := jsonproblem.Decode(data, &file, true); err != nil {
			return nil, err
		}
		return file.Versions, nil
	case len(probe.Entries) > 0 && probe.Entries[0].CardNumber != nil:
		v, err := readMastersBanList(data)
		if err != nil {
			return nil, err
		}
		return []BanListVersion{v}, nil
	}
	var v BanListVersion
	if err := jsonproblem.Decode(data, &v, true); err != nil {
		return nil, err
	}
	return []BanListVersion{v}, nil
}

type mastersBanFile struct {
	Game    string `json:"game"`
	Source  string `json:"source"`
	Updated string `json:"updated"`
	Entries []struct {
		CardNumber string `json:"card_number"`
		Status     string `json:"status"`
		Limit      int    `json:"limit"`
		CardName   string `json:"card_name"`
		Since      string `json:"since"`
	} `json:"entries"`
}

// readMastersBanList turns Bandai's Masters page (as transcribed) into one
// version named after its "updated" date. Each entry applies from its own
// date ("From January 1, 2023 onward"): the page is the list as it stands,
// and an entry is in it from the day it says. The version is therefore in
// force from its earliest entry date, and an entry dated later (a change
// announced ahead, or simply a later one) applies from its own date only.
// Entries dated by a set's pre-release ("Pre-release date of [BT24] ...")
// give no date we can read; they apply for the whole version.
func readMastersBanList(data []byte) (BanListVersion, error) {
	var f mastersBanFile
	if err := jsonproblem.Decode(data, &f, false); err != nil {
		return BanListVersion{}, err
	}
	updated, ok := parseLooseDate(f.Updated)
	if !ok {
		return BanListVersion{}, fileProblem("bans-updated", f.Updated)
	}
	v := BanListVersion{
		Game:   GameMasters,
		Name:   "Masters list of " + strings.TrimSpace(f.Updated),
		Source: f.Source,
	}
	first := updated
	since := make([]time.Time, len(f.Entries))
	for i, e := range f.Entries {
		if strings.TrimSpace(e.CardNumber) == "" {
			return BanListVersion{}, fileProblem("bans-no-card-number", i+1)
		}
		if s, ok := parseLooseDate(e.Since); ok {
			since[i] = s
			if s.Before(first) {
				first = s
			}
		}
	}
	v.Effective = first.Format(DateLayout)
	for i, e := range f.Entries {
		be := BanEntry{Number: e.CardNumber, Name: e.CardName, Status: BanStatus(strings.ToLower(e.Status)), Limit: e.Limit}
		if be.Status == "restricted" {
			be.Status = StatusLimited
		}
		if s := since[i]; s.After(first) {
			be.Since = s.Format(DateLayout)
		}
		v.Entries = append(v.Entries, be)
	}
	return v, nil
}

var looseDate = regexp.MustCompile(`(January|February|March|April|May|June|July|August|September|October|November|December)\s+(\d{1,2}),?\s*(\d{4})`)

// parseLooseDate reads "From July 3 2026 onward.", "June 19, 2026",
// "From June 1,2019 forward" and "From Friday, July 26, 2019 onward.".
func parseLooseDate(s string) (time.Time, bool) {
	m := looseDate.FindStringSubmatch(s)
	if m == nil {
		return time.Time{}, false
	}
	t, err := time.Parse("January 2 2006", m[1]+" "+m[2]+" "+m[3])
	return t, err == nil
}
