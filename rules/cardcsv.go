package rules

import (
	"bytes"
	"encoding/csv"
	"errors"
	"io"
	"strconv"
	"strings"

	"github.com/tenkaichi-org/tenkaichi/rules/keyword"
)

// csvColumns are the standard columns of the card CSV (docs/card-csv.md).
// Any other column is stored in Card.Extra under its header name.
var csvColumns = map[string]bool{
	"number": true, "name": true, "name_jp": true, "game": true, "type": true, "colours": true, "colors": true,
	"cost": true, "specified_cost": true, "power": true, "combo_power": true,
	"traits": true, "keywords": true, "text": true, "set": true, "rarity": true,
	"back_name": true, "back_power": true, "back_traits": true, "back_keywords": true,
	"back_text": true, "printings": true,
	// The card's own copy limit, where its text is absent (see ReadDeckText);
	// limit and deck_limit are older names of the same column.
	"copy_limit": true, "limit": true, "deck_limit": true,
}

// splitList splits a multi-value CSV cell: values are separated by ";" or "|".
func splitList(s string) []string {
	return nonEmpty(strings.FieldsFunc(s, func(r rune) bool { return r == ';' || r == '|' }))
}

func readCardCSV(data []byte) ([]Card, error) {
	r := csv.NewReader(bytes.NewReader(data))
	r.FieldsPerRecord = -1 // checked below, with a better message
	header, err := r.Read()
	if err != nil {
		return nil, csvError(err, 1, "")
	}
	cols := map[string]int{}
	for i, h := range header {
		h = strings.ToLower(strings.TrimSpace(h))
		if h == "" {
			return nil, &CardFileError{Format: CardFileCSV, Line: 1, Err: fileProblem("csv-unnamed-column", i+1)}
		}
		if _, dup := cols[h]; dup {
			return nil, &CardFileError{Format: CardFileCSV, Line: 1, Err: fileProblem("csv-column-twice", h)}
		}
		cols[h] = i
	}
	for _, need := range []string{"number", "name"} {
		if _, ok := cols[need]; !ok {
			return nil, &CardFileError{Format: CardFileCSV, Line: 1, Err: fileProblem("csv-no-column", need)}
		}
	}
	m := newCardMerger()
	for {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, csvError(err, 0, "")
		}
		line, _ := r.FieldPos(0) // only valid after a successful Read

		if len(rec) == 1 && strings.TrimSpace(rec[0]) == "" {
			continue
		}
		get := func(col string) string {
			if i, ok := cols[col]; ok && i < len(rec) {
				return strings.TrimSpace(rec[i])
			}
			return ""
		}
		number := get("number")
		fail := func(err error) error {
			return cardFileError(CardFileCSV, 0, line, number, err)
		}
		if len(rec) != len(header) {
			return nil, fail(fileProblem("csv-field-count", len(header), len(rec)))
		}
		c, err := csvCard(get, cols, rec)
		if err != nil {
			return nil, fail(err)
		}
		printings := append([]string{number}, splitList(get("printings"))...)
		m.add(c, number, printings)
	}
	return m.cards, nil
}

func csvCard(get func(string) string, cols map[string]int, rec []string) (Card, error) {
	c := Card{
		Number:        CanonicalNumber(get("number")),
		Name:          get("name"),
		NameJP:        get("name_jp"),
		SpecifiedCost: strings.ToUpper(get("specified_cost")),
		Traits:        splitList(get("traits")),
		Text:          strings.ReplaceAll(get("text"), `\n`, "\n"),
		Set:           get("set"),
		Rarity:        get("rarity"),
		BackName:      get("back_name"),
		BackTraits:    splitList(get("back_traits")),
		BackText:      strings.ReplaceAll(get("back_text"), `\n`, "\n"),
	}
	if err := checkRecordNumber(get("number"), c.Name); err != nil {
		return c, err
	}
	game, err := parseGame(get("game"))
	if err != nil {
		return c, inField("game", err)
	}
	c.Game = game
	colours := get("colours")
	if colours == "" {
		colours = get("colors")
	}
	c.Colours = normaliseColours(splitList(colours))
	if t := get("type"); t != "" {
		if game == GameFusionWorld || game == GameMasters {
			if c.Type, err = parseCardType(t, game); err != nil {
				return c, inField("type", err)
			}
		} else {
			c.Type = CardType(t) // DBZ card types are free text; see card_type in Extra
		}
	}
	if err := csvNumbers(&c, get); err != nil {
		return c, err
	}
	c.Keywords = mergeKeywords(splitList(get("keywords")), OwnKeywords(c.Text))
	c.BackKeywords = mergeKeywords(splitList(get("back_keywords")), OwnKeywords(c.BackText))
	c.Extra = csvExtra(cols, rec)
	if lvl, ok := c.Extra[ExtraLevel]; ok {
		if _, err := strconv.Atoi(lvl); err != nil {
			return c, inField(ExtraLevel, fileProblem("whole-number", lvl))
		}
	}
	fileLimit, err := csvCopyLimit(get)
	if err != nil {
		return c, err
	}
	ReadDeckText(&c, fileLimit)
	return c, checkSenseiColumns(&c)
}

// csvNumbers reads the card's cost, power, combo power and back power.
func csvNumbers(c *Card, get func(string) string) error {
	for _, f := range []struct {
		col string
		dst **int
	}{{"cost", &c.Cost}, {"power", &c.Power}, {"combo_power", &c.ComboPower}, {"back_power", &c.BackPower}} {
		v := get(f.col)
		if v == "" {
			continue
		}
		n, err := strconv.Atoi(v)
		if err != nil {
			return inField(f.col, fileProblem("whole-number", v))
		}
		*f.dst = &n
	}
	return nil
}

// csvExtra are the record's values of the columns that are not a card's
// own fields (a DBZ card's level, personality ...), nil when there are none.
func csvExtra(cols map[string]int, rec []string) map[string]string {
	var extra map[string]string
	for col, i := range cols {
		if csvColumns[col] || i >= len(rec) {
			continue
		}
		if v := strings.TrimSpace(rec[i]); v != "" {
			if extra == nil {
				extra = map[string]string{}
			}
			extra[col] = v
		}
	}
	return extra
}

// csvCopyLimit is the copy limit the file gives (copy_limit, limit or
// deck_limit: where several are given they must agree), 0 for none.
func csvCopyLimit(get func(string) string) (int, error) {
	fileLimit := 0
	for _, col := range []string{"copy_limit", "limit", "deck_limit"} {
		v := get(col)
		if v == "" {
			continue
		}
		n, ok := parseCopyLimit(v)
		if !ok {
			return 0, inField(col, fileProblem("copy-limit", v))
		}
		if fileLimit != 0 && n != fileLimit {
			return 0, inField(col, fileProblem("copy-limit-disagrees", v))
		}
		fileLimit = n
	}
	return fileLimit, nil
}

// checkSenseiColumns checks a DBZ card's Sensei deck size and mark.
func checkSenseiColumns(c *Card) error {
	if v, ok := c.Extra[ExtraSenseiSize]; ok {
		if n, err := strconv.Atoi(v); err != nil || n < 1 {
			return inField(ExtraSenseiSize, fileProblem("at-least-one", v))
		}
	}
	if v, ok := c.Extra[ExtraSenseiDeck]; ok {
		if _, ok := SenseiDeckMark(v); !ok {
			return inField(ExtraSenseiDeck, fileProblem("sensei-deck", v))
		}
	}
	return nil
}

// mergeKeywords joins the CSV's declared keywords with those read from the text.
func mergeKeywords(declared, fromText []string) []string {
	var out []string
	for _, k := range append(declared, fromText...) {
		k = keyword.Normalise(k)
		if k != "" && !containsString(out, k) {
			out = append(out, k)
		}
	}
	return out
}

func parseGame(s string) (Game, error) {
	switch g := Game(strings.ToLower(strings.TrimSpace(s))); g {
	case "":
		return GameFusionWorld, nil
	case GameFusionWorld, GameMasters, GameScoreDBZ, GamePaniniDBZ:
		return g, nil
	}
	return "", fileProblem("unknown-game", s)
}

func csvError(err error, line int, number string) error {
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		problem := pe.Err
		switch {
		case errors.Is(pe.Err, csv.ErrBareQuote):
			problem = fileProblem("csv-bare-quote")
		case errors.Is(pe.Err, csv.ErrQuote):
			problem = fileProblem("csv-quote")
		}
		return &CardFileError{Format: CardFileCSV, Line: pe.Line, Number: number, Err: problem}
	}
	if err == io.EOF {
		return fileProblem("cards-empty")
	}
	return &CardFileError{Format: CardFileCSV, Line: line, Number: number, Err: err}
}
