package rules

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/tenkaichi-org/tenkaichi/jsonproblem"
)

// CardFileFormat names a card-list file format.
type CardFileFormat string

const (
	// CardFileAuto detects the format from the content.
	CardFileAuto CardFileFormat = ""
	// CardFileFusionWorldJSON is a JSON array shaped like fusion-world-cards.json.
	CardFileFusionWorldJSON CardFileFormat = "fw-json"
	// CardFileMastersJSON is a JSON array shaped like masters-cards-2021.json.
	CardFileMastersJSON CardFileFormat = "masters-json"
	// CardFileCSV is the CSV described in docs/card-csv.md.
	CardFileCSV CardFileFormat = "csv"
)

// CardFileError says which record of a card file could not be read.
// Record is the 0-based index in a JSON array; Line is the 1-based line of a
// CSV record (0 when not known); Number is the record's card number if it
// was readable; Field is the JSON field or CSV column the problem is in,
// when it is in one. Err is a *FileProblem or, for JSON that cannot be
// read, a *jsonproblem.Problem (which names its own line and field).
type CardFileError struct {
	Format CardFileFormat
	Record int
	Line   int
	Number string
	Field  string
	Err    error
}

func (e *CardFileError) Error() string {
	problem := e.Err.Error()
	if e.Field != "" {
		what := "field"
		if e.Format == CardFileCSV {
			what = "column"
		}
		problem = fmt.Sprintf("%s %q: %s", what, e.Field, problem)
	}
	switch {
	case e.Line > 0 && e.Number != "":
		return fmt.Sprintf("line %d (card %s): %s", e.Line, e.Number, problem)
	case e.Line > 0:
		return fmt.Sprintf("line %d: %s", e.Line, problem)
	case e.Number != "":
		// People count records from 1, as an editor counts lines.
		return fmt.Sprintf("record %d (card %s): %s", e.Record+1, e.Number, problem)
	default:
		return fmt.Sprintf("record %d: %s", e.Record+1, problem)
	}
}

// cardFileError is the error of a card's problem err, which inField may
// have tied to a field or column.
func cardFileError(format CardFileFormat, record, line int, number string, err error) *CardFileError {
	e := &CardFileError{Format: format, Record: record, Line: line, Number: number, Err: err}
	var fe *fieldError
	if errors.As(err, &fe) {
		e.Field, e.Err = fe.field, fe.err
	}
	return e
}

// fieldError is a card's problem in one of its fields (JSON) or columns (CSV).
type fieldError struct {
	field string
	err   error
}

func (e *fieldError) Error() string { return e.err.Error() }
func (e *fieldError) Unwrap() error { return e.err }

// inField ties a card's problem to a field or column.
func inField(field string, err error) error { return &fieldError{field, err} }

func (e *CardFileError) Unwrap() error { return e.Err }

// maxCardFileSize bounds what the readers accept, so a wrong file (a video,
// a database dump) fails quickly instead of filling memory.
const maxCardFileSize = 64 << 20

// ReadCardsFile reads a card list from path. The format is detected from the
// content, and from the extension when the content does not decide it.
func ReadCardsFile(path string) ([]Card, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	format := CardFileAuto
	if strings.EqualFold(filepath.Ext(path), ".csv") {
		format = CardFileCSV
	}
	cards, err := ReadCards(f, format)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return cards, nil
}

// ReadCards reads a card list in the given format (CardFileAuto to detect it).
// Printings of one card (FB01-001, FB01-001-p1) become one Card with all
// printings listed. A record that cannot be read fails the whole read with a
// *CardFileError naming it.
func ReadCards(r io.Reader, format CardFileFormat) ([]Card, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxCardFileSize+1))
	if err != nil {
		return nil, err
	}
	if len(data) > maxCardFileSize {
		return nil, fileProblem("cards-too-large", maxCardFileSize>>20)
	}
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")) // UTF-8 byte order mark
	if format == CardFileAuto {
		format, err = DetectCardFileFormat(data)
		if err != nil {
			return nil, err
		}
	}
	switch format {
	case CardFileFusionWorldJSON:
		return readFusionWorldJSON(data)
	case CardFileMastersJSON:
		return readMastersJSON(data)
	case CardFileCSV:
		return readCardCSV(data)
	}
	return nil, fmt.Errorf("unknown card file format %q", format)
}

// DetectCardFileFormat guesses the format of a card file from its first bytes:
// a JSON array is Fusion World or Masters depending on the first record's
// fields (Masters writes energy_cost and skills, Fusion World cost and
// keywords); anything else that has a header row with a "number" column is CSV.
func DetectCardFileFormat(data []byte) (CardFileFormat, error) {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	trimmed := bytes.TrimLeft(data, " \t\r\n")
	if len(trimmed) == 0 {
		return "", fileProblem("cards-empty")
	}
	switch trimmed[0] {
	case '[':
		dec := json.NewDecoder(bytes.NewReader(data))
		if _, err := dec.Token(); err != nil {
			return "", syntaxAt(data, 0, err)
		}
		if !dec.More() {
			return CardFileFusionWorldJSON, nil // an empty list reads the same either way
		}
		start := nextToken(data, dec)
		var first map[string]json.RawMessage
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return "", &CardFileError{Record: 0, Err: syntaxAt(data, start, err)}
		}
		if err := json.Unmarshal(raw, &first); err != nil {
			return "", &CardFileError{Record: 0, Err: fileProblem("card-not-object", jsonproblem.Excerpt(raw))}
		}
		_, hasEnergy := first["energy_cost"]
		_, hasSkills := first["skills"]
		if hasEnergy || hasSkills {
			return CardFileMastersJSON, nil
		}
		return CardFileFusionWorldJSON, nil
	case '{':
		return "", fileProblem("cards-json-object")
	}
	line, _, _ := bufio.NewReader(bytes.NewReader(trimmed)).ReadLine()
	for f := range strings.SplitSeq(strings.ToLower(string(line)), ",") {
		if strings.Trim(strings.TrimSpace(f), `"`) == "number" {
			return CardFileCSV, nil
		}
	}
	return "", fileProblem("cards-unrecognised")
}

// flexInt reads a JSON number that card lists also write as null, "", "-"
// (apitcg writes cost 0 as "-") or a numeric string.
type flexInt struct {
	v    *int
	dash bool
}

func (f *flexInt) UnmarshalJSON(b []byte) error {
	s := strings.TrimSpace(string(b))
	if s == "null" {
		return nil
	}
	if strings.HasPrefix(s, `"`) {
		var str string
		if err := json.Unmarshal(b, &str); err != nil {
			return err
		}
		s = strings.TrimSpace(str)
		if s == "" {
			return nil
		}
		if s == "-" {
			f.dash = true
			return nil
		}
	}
	n, err := strconv.ParseFloat(s, 64)
	if err != nil || n != float64(int(n)) {
		return jsonproblem.Want(jsonproblem.KindWhole)
	}
	v := int(n)
	f.v = &v
	return nil
}

// ptr returns the value, with "-" read as dashValue (nil to mean unknown).
func (f flexInt) ptr(dashValue *int) *int {
	if f.dash {
		return dashValue
	}
	return f.v
}

// flexStrings reads a list of strings that may also be null or one string.
type flexStrings []string

func (f *flexStrings) UnmarshalJSON(b []byte) error {
	if bytes.Equal(bytes.TrimSpace(b), []byte("null")) {
		*f = nil
		return nil
	}
	var one string
	if json.Unmarshal(b, &one) == nil {
		*f = flexStrings{one}
		return nil
	}
	var many []string
	if err := json.Unmarshal(b, &many); err != nil {
		return jsonproblem.Want(jsonproblem.KindStringList)
	}
	*f = many
	return nil
}

type fwRecord struct {
	Number        string      `json:"number"`
	Name          string      `json:"name"`
	Type          string      `json:"type"`
	Colors        flexStrings `json:"colors"`
	Cost          flexInt     `json:"cost"`
	SpecifiedCost *string     `json:"specified_cost"`
	Power         flexInt     `json:"power"`
	ComboPower    flexInt     `json:"combo_power"`
	Traits        flexStrings `json:"traits"`
	Keywords      flexStrings `json:"keywords"`
	Text          *string     `json:"text"`
	Set           *string     `json:"set"`
	Rarity        *string     `json:"rarity"`
	BackName      *string     `json:"back_name"`
	BackPower     flexInt     `json:"back_power"`
	BackTraits    flexStrings `json:"back_traits"`
	BackKeywords  flexStrings `json:"back_keywords"`
	BackText      *string     `json:"back_text"`
	Variants      flexStrings `json:"variants"`
	NameJP        *string     `json:"name_jp"`
}

type mastersRecord struct {
	Number          string         `json:"number"`
	Name            string         `json:"name"`
	Type            string         `json:"type"`
	Colors          flexStrings    `json:"colors"`
	EnergyCost      flexInt        `json:"energy_cost"`
	EnergyColorCost map[string]int `json:"energy_color_cost"`
	Power           flexInt        `json:"power"`
	ComboEnergy     flexInt        `json:"combo_energy"`
	ComboPower      flexInt        `json:"combo_power"`
	Character       *string        `json:"character"`
	Traits          flexStrings    `json:"traits"`
	Era             *string        `json:"era"`
	Skills          flexStrings    `json:"skills"`
	Text            *string        `json:"text"`
	Set             *string        `json:"set"`
	Rarity          *string        `json:"rarity"`
	DeckLimit       flexInt        `json:"deck_limit"`
	BackName        *string        `json:"back_name"`
	BackPower       flexInt        `json:"back_power"`
	BackSkills      flexStrings    `json:"back_skills"`
	BackText        *string        `json:"back_text"`
}

func str(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}

var zero = 0

// eachJSONRecord walks a JSON array, handing each element to fn with its
// index and where it starts in data. Errors are wrapped in a CardFileError
// naming the record and, when it can be read, its number.
func eachJSONRecord(data []byte, format CardFileFormat, fn func(i, start int, raw json.RawMessage) error) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	tok, err := dec.Token()
	if err != nil {
		return syntaxAt(data, 0, err)
	}
	if d, ok := tok.(json.Delim); !ok || d != '[' {
		return fileProblem("cards-not-array")
	}
	for i := 0; dec.More(); i++ {
		start := nextToken(data, dec)
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return &CardFileError{Format: format, Record: i, Err: syntaxAt(data, start, err)}
		}
		if err := fn(i, start, raw); err != nil {
			var id struct {
				Number any `json:"number"`
			}
			_ = json.Unmarshal(raw, &id)
			num, _ := id.Number.(string)
			return cardFileError(format, i, 0, num, err)
		}
	}
	end := nextToken(data, dec)
	if _, err := dec.Token(); err != nil {
		return syntaxAt(data, end, err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return jsonproblem.After(data, int(dec.InputOffset()))
	}
	return nil
}

// syntaxAt is the problem of the JSON at data[at:], where a decoder walking
// the list met err.
func syntaxAt(data []byte, at int, err error) error {
	if p := jsonproblem.SyntaxAt(data, at); p != nil {
		return p
	}
	return err
}

// nextToken is where the decoder's next token starts in data: after
// blanks and separators.
func nextToken(data []byte, dec *json.Decoder) int {
	off := int(dec.InputOffset())
	for off < len(data) && strings.IndexByte(" \t\r\n,:", data[off]) >= 0 {
		off++
	}
	return off
}

// decodeRecord decodes the JSON card record at data[start:] (raw) into dst,
// a pointer to a record struct: a value that is not an object, or a field
// of the wrong kind, is a problem naming it (and its line).
func decodeRecord(data []byte, start int, raw json.RawMessage, dst any) error {
	if v := bytes.TrimSpace(raw); len(v) == 0 || v[0] != '{' {
		return fileProblem("card-not-object", jsonproblem.Excerpt(raw))
	}
	return jsonproblem.DecodeAt(data, start, dst, false)
}

func readFusionWorldJSON(data []byte) ([]Card, error) {
	m := newCardMerger()
	err := eachJSONRecord(data, CardFileFusionWorldJSON, func(i, start int, raw json.RawMessage) error {
		var rec fwRecord
		if err := decodeRecord(data, start, raw, &rec); err != nil {
			return err
		}
		c := Card{
			Game:          GameFusionWorld,
			Number:        CanonicalNumber(rec.Number),
			Name:          strings.TrimSpace(rec.Name),
			NameJP:        strings.TrimSpace(str(rec.NameJP)),
			Colours:       normaliseColours(rec.Colors),
			Cost:          rec.Cost.ptr(&zero),
			SpecifiedCost: strings.ToUpper(strings.TrimSpace(str(rec.SpecifiedCost))),
			Power:         rec.Power.ptr(nil),
			ComboPower:    rec.ComboPower.ptr(nil),
			Traits:        nonEmpty(rec.Traits),
			Text:          str(rec.Text),
			Set:           str(rec.Set),
			Rarity:        str(rec.Rarity),
			BackName:      str(rec.BackName),
			BackPower:     rec.BackPower.ptr(nil),
			BackTraits:    nonEmpty(rec.BackTraits),
			BackText:      str(rec.BackText),
		}
		c.Keywords = ownKeywords(rec.Keywords, c.Text)
		c.BackKeywords = ownKeywords(rec.BackKeywords, c.BackText)
		ReadDeckText(&c, 0)
		t, err := parseCardType(rec.Type, GameFusionWorld)
		if err != nil {
			return inField("type", err)
		}
		c.Type = t
		if err := checkRecordNumber(rec.Number, c.Name); err != nil {
			return err
		}
		printings := append([]string{strings.TrimSpace(rec.Number)}, rec.Variants...)
		m.add(c, strings.TrimSpace(rec.Number), printings)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return m.cards, nil
}

// masters colour names in energy_color_cost map to the same letters as Fusion World.
var colourLetters = map[string]string{"red": "R", "blue": "U", "green": "G", "yellow": "Y", "black": "B"}

func readMastersJSON(data []byte) ([]Card, error) {
	m := newCardMerger()
	err := eachJSONRecord(data, CardFileMastersJSON, func(i, start int, raw json.RawMessage) error {
		var rec mastersRecord
		if err := decodeRecord(data, start, raw, &rec); err != nil {
			return err
		}
		c := Card{
			Game:       GameMasters,
			Number:     CanonicalNumber(rec.Number),
			Name:       strings.TrimSpace(rec.Name),
			Colours:    normaliseColours(rec.Colors),
			Cost:       rec.EnergyCost.ptr(&zero),
			Power:      rec.Power.ptr(nil),
			ComboPower: rec.ComboPower.ptr(nil),
			Traits:     nonEmpty(rec.Traits),
			Text:       str(rec.Text),
			Set:        str(rec.Set),
			Rarity:     str(rec.Rarity),
			BackName:   str(rec.BackName),
			BackPower:  rec.BackPower.ptr(nil),
			BackText:   str(rec.BackText),
		}
		var spec strings.Builder
		for _, colour := range []string{"red", "blue", "green", "yellow", "black"} {
			for range rec.EnergyColorCost[colour] {
				spec.WriteString(colourLetters[colour])
			}
		}
		c.SpecifiedCost = spec.String()
		c.Keywords = ownKeywords(rec.Skills, c.Text)
		c.BackKeywords = ownKeywords(rec.BackSkills, c.BackText)
		t, err := parseCardType(rec.Type, GameMasters)
		if err != nil {
			return inField("type", err)
		}
		c.Type = t
		if err := checkRecordNumber(rec.Number, c.Name); err != nil {
			return err
		}
		fileLimit := 0
		if v := rec.DeckLimit.ptr(nil); v != nil {
			if *v < 1 {
				return inField("deck_limit", fileProblem("deck-limit", *v))
			}
			fileLimit = *v
		}
		ReadDeckText(&c, fileLimit)
		extra := map[string]string{}
		if v := rec.ComboEnergy.ptr(&zero); v != nil {
			extra[ExtraComboEnergy] = strconv.Itoa(*v)
		}
		if s := str(rec.Character); s != "" {
			extra[ExtraCharacter] = s
		}
		if s := str(rec.Era); s != "" {
			extra[ExtraEra] = s
		}
		if len(extra) > 0 {
			c.Extra = extra
		}
		m.add(c, strings.TrimSpace(rec.Number), []string{strings.TrimSpace(rec.Number)})
		return nil
	})
	if err != nil {
		return nil, err
	}
	return m.cards, nil
}

// Keys of Card.Extra written by the readers and read by the formats.
// docs/card-csv.md lists them.
const (
	ExtraComboEnergy = "combo_energy" // Masters
	ExtraCharacter   = "character"    // Masters
	ExtraEra         = "era"          // Masters
	// DBZ CCG (Score and Panini) attributes, from the CSV.
	ExtraCardType      = "card_type"        // personality, mastery, dragon_ball, sensei, combat, non_combat, ...
	ExtraPersonality   = "personality"      // the personality a personality card or named card belongs to
	ExtraLevel         = "level"            // personality level, 1-5
	ExtraAlignment     = "alignment"        // hero, villain, rogue
	ExtraStyle         = "style"            // Black, Blue, Namekian, Orange, Red, Saiyan, Freestyle
	ExtraDragonBallSet = "dragon_ball_set"  // Earth, Namek, ...
	ExtraSenseiDeck    = "sensei_deck"      // "only" (Sensei Deck only) or "yes" (Sensei Deck): see SenseiDeckMark
	ExtraSenseiSize    = "sensei_deck_size" // on a Sensei card: the Sensei deck's size printed on it
)

// checkRecordNumber checks a record's number and name.
func checkRecordNumber(raw, name string) error {
	n := CanonicalNumber(raw)
	if n == "" {
		return fileProblem("card-no-number")
	}
	if !looksLikeCardNumber(n) || len(n) > 32 {
		return inField("number", fileProblem("card-bad-number", raw))
	}
	if name == "" {
		return fileProblem("card-no-name")
	}
	return nil
}

// parseCardType reads a Fusion World or Masters card type. The Masters
// Z-card types (Z-Leader, Z-Battle, Z-Extra, Z-Unison; also written
// "Z-EXTRA" or "Z Extra") exist only in Masters.
func parseCardType(s string, game Game) (CardType, error) {
	noType, unknownType := "card-no-type", "card-unknown-type"
	if game == GameMasters {
		noType, unknownType = "card-no-type-masters", "card-unknown-type-masters"
	}
	k := strings.ToLower(strings.Join(strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == '-' || r == '_' }), "-"))
	t, ok := map[string]CardType{
		"leader": TypeLeader, "battle": TypeBattle, "extra": TypeExtra, "unison": TypeUnison,
		"z-leader": TypeZLeader, "z-battle": TypeZBattle, "z-extra": TypeZExtra, "z-unison": TypeZUnison,
	}[k]
	switch {
	case k == "":
		return "", fileProblem(noType)
	case !ok:
		return "", fileProblem(unknownType, s)
	case game != GameMasters && (t == TypeUnison || t.IsZCard()):
		return "", fileProblem("card-masters-type", s)
	}
	return t, nil
}

// normaliseColours writes colours as "Red", "Blue" ... and drops placeholders
// ("-", empty). "ALL" (FP-030) is kept: it shares a colour with everything.
func normaliseColours(in []string) []string {
	var out []string
	for _, c := range in {
		for part := range strings.FieldsFuncSeq(c, func(r rune) bool { return r == '/' || r == ';' || r == '|' }) {
			part = strings.TrimSpace(part)
			if part == "" || part == "-" {
				continue
			}
			if strings.EqualFold(part, ColourAll) {
				part = ColourAll
			} else {
				part = strings.ToUpper(part[:1]) + strings.ToLower(part[1:])
			}
			if !containsString(out, part) {
				out = append(out, part)
			}
		}
	}
	return out
}

// ColourAll is the colour of cards that count as every colour (FP-030).
const ColourAll = "ALL"

func nonEmpty(in []string) []string {
	var out []string
	for _, s := range in {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// cardMerger folds printings into one card per canonical number, keeping the
// first record's data unless the base printing (number without suffix) comes later.
type cardMerger struct {
	index map[string]int
	base  map[string]bool
	cards []Card
}

func newCardMerger() *cardMerger {
	return &cardMerger{index: map[string]int{}, base: map[string]bool{}}
}

func (m *cardMerger) add(c Card, rawNumber string, printings []string) {
	isBase := strings.EqualFold(rawNumber, c.Number)
	i, seen := m.index[c.Number]
	if !seen {
		m.index[c.Number] = len(m.cards)
		m.base[c.Number] = isBase
		m.cards = append(m.cards, c)
		i = len(m.cards) - 1
	} else if isBase && !m.base[c.Number] {
		old := m.cards[i].Printings
		m.cards[i] = c
		m.cards[i].Printings = old
		m.base[c.Number] = true
	}
	for _, p := range printings {
		p = strings.TrimSpace(p)
		if p != "" && !containsString(m.cards[i].Printings, p) {
			m.cards[i].Printings = append(m.cards[i].Printings, p)
		}
	}
}
