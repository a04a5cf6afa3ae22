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
	"reflect"
	"strconv"
	"strings"
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

// ParseCardFileFormat turns a user-supplied name ("fw-json", "csv", "auto") into a format.
func ParseCardFileFormat(s string) (CardFileFormat, error) {
	switch f := CardFileFormat(strings.ToLower(strings.TrimSpace(s))); f {
	case CardFileFusionWorldJSON, CardFileMastersJSON, CardFileCSV:
		return f, nil
	case "auto", "":
		return CardFileAuto, nil
	}
	return "", fmt.Errorf("unknown card file format %q (want fw-json, masters-json, csv or auto)", s)
}

// CardFileError says which record of a card file could not be read.
// Record is the 0-based index in a JSON array; Line is the 1-based line of a
// CSV record (0 when not known); Number is the record's card number if it was readable.
type CardFileError struct {
	Format CardFileFormat
	Record int
	Line   int
	Number string
	Err    error
}

func (e *CardFileError) Error() string {
	switch {
	case e.Line > 0 && e.Number != "":
		return fmt.Sprintf("line %d (card %s): %v", e.Line, e.Number, e.Err)
	case e.Line > 0:
		return fmt.Sprintf("line %d: %v", e.Line, e.Err)
	case e.Number != "":
		// People count records from 1, as an editor counts lines.
		return fmt.Sprintf("record %d (card %s): %v", e.Record+1, e.Number, e.Err)
	default:
		return fmt.Sprintf("record %d: %v", e.Record+1, e.Err)
	}
}

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
		return nil, fmt.Errorf("card file is larger than %d MB", maxCardFileSize>>20)
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
	trimmed := bytes.TrimLeft(bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")), " \t\r\n")
	if len(trimmed) == 0 {
		return "", errors.New("card file is empty")
	}
	switch trimmed[0] {
	case '[':
		dec := json.NewDecoder(bytes.NewReader(trimmed))
		if _, err := dec.Token(); err != nil {
			return "", fmt.Errorf("card file is not valid JSON: %v", err)
		}
		if !dec.More() {
			return CardFileFusionWorldJSON, nil // an empty list reads the same either way
		}
		var first map[string]json.RawMessage
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return "", &CardFileError{Record: 0, Err: fmt.Errorf("invalid JSON: %v", err)}
		}
		if err := json.Unmarshal(raw, &first); err != nil {
			return "", &CardFileError{Record: 0, Err: fmt.Errorf("expected a JSON object for the card, got %s", jsonValueKind(raw))}
		}
		_, hasEnergy := first["energy_cost"]
		_, hasSkills := first["skills"]
		if hasEnergy || hasSkills {
			return CardFileMastersJSON, nil
		}
		return CardFileFusionWorldJSON, nil
	case '{':
		return "", errors.New("card file is a JSON object; expected a JSON array of cards")
	}
	line, _, _ := bufio.NewReader(bytes.NewReader(trimmed)).ReadLine()
	for f := range strings.SplitSeq(strings.ToLower(string(line)), ",") {
		if strings.Trim(strings.TrimSpace(f), `"`) == "number" {
			return CardFileCSV, nil
		}
	}
	return "", errors.New("unrecognised card file: expected a JSON array or a CSV file whose header row has a \"number\" column")
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
		return fmt.Errorf("expected a whole number, got %s", b)
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
		return fmt.Errorf("expected a list of strings, got %s", jsonValueKind(b))
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

// eachJSONRecord walks a JSON array, handing each element to fn with its index.
// Errors are wrapped in a CardFileError naming the record and, when it can be
// read, its number.
func eachJSONRecord(data []byte, format CardFileFormat, fn func(i int, raw json.RawMessage) error) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	tok, err := dec.Token()
	if err != nil {
		return fmt.Errorf("card file is not valid JSON: %v", err)
	}
	if d, ok := tok.(json.Delim); !ok || d != '[' {
		return errors.New("card file must be a JSON array of cards")
	}
	for i := 0; dec.More(); i++ {
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return &CardFileError{Format: format, Record: i, Err: fmt.Errorf("invalid JSON: %v", err)}
		}
		if err := fn(i, raw); err != nil {
			var id struct {
				Number any `json:"number"`
			}
			_ = json.Unmarshal(raw, &id)
			num, _ := id.Number.(string)
			return &CardFileError{Format: format, Record: i, Number: num, Err: err}
		}
	}
	if _, err := dec.Token(); err != nil {
		return fmt.Errorf("card file is not valid JSON after the last card: %v", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return errors.New("card file has data after the closing ]")
	}
	return nil
}

func readFusionWorldJSON(data []byte) ([]Card, error) {
	m := newCardMerger()
	err := eachJSONRecord(data, CardFileFusionWorldJSON, func(i int, raw json.RawMessage) error {
		var rec fwRecord
		if err := decodeRecord(raw, &rec); err != nil {
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
			return fmt.Errorf(`field "type": %w`, err)
		}
		c.Type = t
		if err := checkRecordNumber(rec.Number, c.Name, "field"); err != nil {
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
	err := eachJSONRecord(data, CardFileMastersJSON, func(i int, raw json.RawMessage) error {
		var rec mastersRecord
		if err := decodeRecord(raw, &rec); err != nil {
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
			return fmt.Errorf(`field "type": %w`, err)
		}
		c.Type = t
		if err := checkRecordNumber(rec.Number, c.Name, "field"); err != nil {
			return err
		}
		fileLimit := 0
		if v := rec.DeckLimit.ptr(nil); v != nil {
			if *v < 1 {
				return fmt.Errorf(`field "deck_limit": expected a whole number of at least 1, got %d`, *v)
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

// decodeRecord decodes one JSON card record into dst (a pointer to a record
// struct). When that fails, the error names the field that could not be read,
// the first one in the record's order: field "cost": expected a whole number,
// got "lots". encoding/json does not name the field for errors of the flexible
// types' own decoders, so each field is decoded again on its own to find it.
func decodeRecord(raw json.RawMessage, dst any) error {
	err := json.Unmarshal(raw, dst)
	if err == nil {
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	if tok, terr := dec.Token(); terr != nil || tok != json.Delim('{') {
		return fmt.Errorf("expected a JSON object for the card, got %s", jsonValueKind(raw))
	}
	t := reflect.TypeOf(dst).Elem()
	for dec.More() {
		tok, terr := dec.Token()
		if terr != nil {
			break
		}
		key, _ := tok.(string)
		var val json.RawMessage
		if dec.Decode(&val) != nil {
			break
		}
		f, ok := jsonField(t, key)
		if !ok {
			continue
		}
		if ferr := json.Unmarshal(val, reflect.New(f.Type).Interface()); ferr != nil {
			return fmt.Errorf("field %q: %v", key, valueError(ferr, val))
		}
	}
	return valueError(err, raw)
}

// jsonField finds the struct field that encoding/json fills from key: the
// exact tag name, else one that matches without regard to case.
func jsonField(t reflect.Type, key string) (reflect.StructField, bool) {
	var fold reflect.StructField
	found := false
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == key {
			return f, true
		}
		if !found && strings.EqualFold(name, key) {
			fold, found = f, true
		}
	}
	return fold, found
}

// fieldError strips encoding/json's Go type names from a decoding error so the
// message reads as a statement about the file.
func fieldError(err error) error {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		return fmt.Errorf("field %q: expected %s, got a JSON %s", te.Field, jsonKind(te.Type.Kind().String()), te.Value)
	}
	return err
}

// valueError says what was wrong with a JSON value, without encoding/json's Go type names.
func valueError(err error, val []byte) error {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		got := jsonValueKind(val)
		if v := bytes.TrimSpace(val); len(v) > 24 && (v[0] == '{' || v[0] == '[') && te.Value != "" {
			// Inside an object or a list: say which part, if encoding/json knows.
			got = "a JSON " + te.Value
			if te.Field != "" {
				return fmt.Errorf("%q: expected %s, got %s", te.Field, jsonKind(te.Type.Kind().String()), got)
			}
		}
		want := jsonKind(te.Type.Kind().String())
		if v := bytes.TrimSpace(val); len(v) > 0 && (v[0] == '{' || v[0] == '[') && te.Type.Kind() != reflect.Map &&
			te.Type.Kind() != reflect.Slice && te.Type.Kind() != reflect.Struct {
			want += " for each entry" // the value is a container of the wrong elements
		}
		return fmt.Errorf("expected %s, got %s", want, got)
	}
	return err
}

// jsonValueKind describes a JSON value for a message: a short value as
// written ("lots", 7, [1]), else its kind ("a JSON object").
func jsonValueKind(b []byte) string {
	b = bytes.TrimSpace(b)
	if len(b) == 0 {
		return "nothing"
	}
	if len(b) <= 24 {
		return string(b)
	}
	switch b[0] {
	case '{':
		return "a JSON object"
	case '[':
		return "a JSON list"
	case '"':
		return "a long string"
	case '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		return "a JSON number"
	}
	return "a JSON value"
}

func jsonKind(goKind string) string {
	switch goKind {
	case "string":
		return "a string"
	case "slice":
		return "a list"
	case "map", "struct":
		return "an object"
	case "int", "int64", "float64":
		return "a number"
	case "bool":
		return "true or false"
	}
	return goKind
}

// checkRecordNumber checks a record's number and name; what is "field" in
// JSON and "column" in CSV, for the message.
func checkRecordNumber(raw, name, what string) error {
	n := CanonicalNumber(raw)
	if n == "" {
		return errors.New("the card has no number")
	}
	if !looksLikeCardNumber(n) || len(n) > 32 {
		return fmt.Errorf("%s \"number\": %q is not a card number (expected something like FB01-001)", what, raw)
	}
	if name == "" {
		return errors.New("the card has no name")
	}
	return nil
}

// parseCardType reads a Fusion World or Masters card type. The Masters
// Z-card types (Z-Leader, Z-Battle, Z-Extra, Z-Unison; also written
// "Z-EXTRA" or "Z Extra") exist only in Masters.
func parseCardType(s string, game Game) (CardType, error) {
	expected := "Leader, Battle or Extra"
	if game == GameMasters {
		expected = "Leader, Battle, Extra, Unison, Z-Leader, Z-Battle, Z-Extra or Z-Unison"
	}
	k := strings.ToLower(strings.Join(strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == '-' || r == '_' }), "-"))
	t, ok := map[string]CardType{
		"leader": TypeLeader, "battle": TypeBattle, "extra": TypeExtra, "unison": TypeUnison,
		"z-leader": TypeZLeader, "z-battle": TypeZBattle, "z-extra": TypeZExtra, "z-unison": TypeZUnison,
	}[k]
	switch {
	case k == "":
		return "", fmt.Errorf("the card has no type (expected %s)", expected)
	case !ok:
		return "", fmt.Errorf("unknown card type %q (expected %s)", s, expected)
	case game != GameMasters && (t == TypeUnison || t.IsZCard()):
		return "", fmt.Errorf("card type %q is a Masters card type; a Fusion World card is a Leader, Battle or Extra card", s)
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
