package rules

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// csvColumns are the standard columns of the card CSV (docs/card-csv.md).
// Any other column is stored in Card.Extra under its header name.
var csvColumns = map[string]bool{
	"number": true, "name": true, "game": true, "type": true, "colours": true, "colors": true,
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
			return nil, &CardFileError{Format: CardFileCSV, Line: 1, Err: fmt.Errorf("column %d has no name", i+1)}
		}
		if _, dup := cols[h]; dup {
			return nil, &CardFileError{Format: CardFileCSV, Line: 1, Err: fmt.Errorf("column %q appears twice", h)}
		}
		cols[h] = i
	}
	for _, need := range []string{"number", "name"} {
		if _, ok := cols[need]; !ok {
			return nil, &CardFileError{Format: CardFileCSV, Line: 1, Err: fmt.Errorf("the header row has no %q column", need)}
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
			return &CardFileError{Format: CardFileCSV, Line: line, Number: number, Err: err}
		}
		if len(rec) != len(header) {
			return nil, fail(fmt.Errorf("expected %d fields as in the header row, got %d", len(header), len(rec)))
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
		SpecifiedCost: strings.ToUpper(get("specified_cost")),
		Traits:        splitList(get("traits")),
		Text:          strings.ReplaceAll(get("text"), `\n`, "\n"),
		Set:           get("set"),
		Rarity:        get("rarity"),
		BackName:      get("back_name"),
		BackTraits:    splitList(get("back_traits")),
		BackText:      strings.ReplaceAll(get("back_text"), `\n`, "\n"),
	}
	if err := checkRecordNumber(get("number"), c.Name, "column"); err != nil {
		return c, err
	}
	game, err := parseGame(get("game"))
	if err != nil {
		return c, fmt.Errorf(`column "game": %w`, err)
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
				return c, fmt.Errorf(`column "type": %w`, err)
			}
		} else {
			c.Type = CardType(t) // DBZ card types are free text; see card_type in Extra
		}
	}
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
			return c, fmt.Errorf("column %q: expected a whole number, got %q", f.col, v)
		}
		*f.dst = &n
	}
	c.Keywords = mergeKeywords(splitList(get("keywords")), OwnKeywords(c.Text))
	c.BackKeywords = mergeKeywords(splitList(get("back_keywords")), OwnKeywords(c.BackText))
	for col, i := range cols {
		if csvColumns[col] || i >= len(rec) {
			continue
		}
		if v := strings.TrimSpace(rec[i]); v != "" {
			if c.Extra == nil {
				c.Extra = map[string]string{}
			}
			c.Extra[col] = v
		}
	}
	if lvl, ok := c.Extra[ExtraLevel]; ok {
		if _, err := strconv.Atoi(lvl); err != nil {
			return c, fmt.Errorf("column %q: expected a whole number, got %q", ExtraLevel, lvl)
		}
	}
	fileLimit := 0
	for _, col := range []string{"copy_limit", "limit", "deck_limit"} {
		v := get(col)
		if v == "" {
			continue
		}
		n, ok := parseCopyLimit(v)
		if !ok {
			return c, fmt.Errorf("column %q: expected a whole number of at least 1 or \"any\", got %q", col, v)
		}
		if fileLimit != 0 && n != fileLimit {
			return c, fmt.Errorf("column %q: %q disagrees with the card's other copy-limit column", col, v)
		}
		fileLimit = n
	}
	ReadDeckText(&c, fileLimit)
	if v, ok := c.Extra[ExtraSenseiSize]; ok {
		if n, err := strconv.Atoi(v); err != nil || n < 1 {
			return c, fmt.Errorf("column %q: expected a whole number of at least 1, got %q", ExtraSenseiSize, v)
		}
	}
	if v, ok := c.Extra[ExtraSenseiDeck]; ok {
		if _, ok := SenseiDeckMark(v); !ok {
			return c, fmt.Errorf("column %q: expected \"only\" (Sensei Deck only) or \"yes\" (Sensei Deck), got %q", ExtraSenseiDeck, v)
		}
	}
	return c, nil
}

// mergeKeywords joins the CSV's declared keywords with those read from the text.
func mergeKeywords(declared, fromText []string) []string {
	var out []string
	for _, k := range append(declared, fromText...) {
		k = normaliseKeyword(k)
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
	return "", fmt.Errorf("unknown game %q (expected fusion-world, masters, score-dbz or panini-dbz)", s)
}

func csvError(err error, line int, number string) error {
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		return &CardFileError{Format: CardFileCSV, Line: pe.StartLine, Number: number, Err: pe.Err}
	}
	if err == io.EOF {
		return errors.New("card file is empty")
	}
	return &CardFileError{Format: CardFileCSV, Line: line, Number: number, Err: err}
}
