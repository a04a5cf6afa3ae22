package deckproblem

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/tenkaichi-org/tenkaichi/rules"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// Every decklist line rules cannot read has a message here: in English the
// sentence is rules' own (what the API and logs say) where the line has
// text to quote, and in each language it names the line and keeps the
// line's text.
func TestReadErrorsFollowRulesMessages(t *testing.T) {
	pool := rules.NewMapPool([]rules.Card{
		{Number: "FS01-01", Name: "Son Goku", Type: rules.TypeLeader, Game: rules.GameFusionWorld},
		{Number: "FB01-001", Name: "Son Goku", Type: rules.TypeLeader, Game: rules.GameFusionWorld},
	})
	lists := map[string]string{
		"too-many-lines":    strings.Repeat("4 FS01-01\n", 2001),
		"not-utf8":          "4 FS01-01\n\xff\xfe\n",
		"line-too-long":     "4 FS01-01\n" + strings.Repeat("x", 600) + "\n",
		"not-a-card-line":   "Main deck\nPilaf\n",
		"not-a-card-named":  "4 FS01-01\n4 Pilaf\n",
		"count-once":        "4 FS01-01\n4 FB01-005 x4\n",
		"one-count-before":  "4 FS01-01\n2 4xFB01-005\n",
		"count-before":      "4 FS01-01\nfour of FB01-006\n",
		"count-or-id":       "4 FS01-01\nFB01-037 (4)\n",
		"count-or-name":     "4 FS01-01\nFB03-137 10x Kamehameha\n",
		"count-inside-name": "4 FS01-01\nFB01-037 Cooler x4 Red\n",
		"count-too-small":   "4 FS01-01\n0 FB01-005\n",
		"count-too-large":   "4 FS01-01\n100 FB01-005\n",
		"ambiguous-name":    "4 FS01-01\n4 Son Goku\n",
	}
	for key := range rules.DecklistMessages {
		list, ok := lists[key]
		if key == "unreadable" {
			continue // a reader's failure, not a line of a list
		}
		if !ok {
			t.Errorf("%s: no list here that makes rules report it", key)
			continue
		}
		_, err := rules.ParseDecklistNamed(strings.NewReader(list), rules.NewNameIndex(pool))
		var de *rules.DecklistError
		if !errors.As(err, &de) || de.Key != key {
			t.Errorf("%s: rules said %v", key, err)
			continue
		}
		if _, ok := readErrorText(context.Background(), key, nil); !ok {
			t.Errorf("%s: no message", key)
		}
		en := ReadError(context.Background(), err)
		if de.Text != "" && en != err.Error() {
			t.Errorf("%s in English:\n got %q\nwant %q", key, en, err.Error())
		}
		lineNo := map[string]string{"de": "Zeile ", "fr": "igne ", "es": "ínea ", "it": "iga ", "pt-BR": "inha ", "ja": "行目"}
		for _, lang := range []string{"de", "fr", "es", "it", "pt-BR", "ja"} {
			got := ReadError(i18n.WithLanguage(context.Background(), lang), err)
			if got == en || strings.Contains(got, "cannot read") || strings.Contains(got, "expected") {
				t.Errorf("%s in %s is English: %q", key, lang, got)
			}
			if !strings.Contains(got, lineNo[lang]) || !strings.Contains(got, "2") {
				t.Errorf("%s in %s does not name line %d: %q", key, lang, de.Line, got)
			}
			if de.Text != "" && !strings.Contains(got, strings.TrimSuffix(de.Text, "...")) {
				t.Errorf("%s in %s does not quote the line %q: %q", key, lang, de.Text, got)
			}
		}
	}
	// Another error keeps its own words.
	if got := ReadError(context.Background(), errors.New("disk on fire")); got != "disk on fire" {
		t.Errorf("another error: %q", got)
	}
}

// A deck problem's rule label is in the page's language; rule numbers, card
// keywords and a game's name stay as they are.
func TestRuleLabel(t *testing.T) {
	de := i18n.WithLanguage(context.Background(), "de")
	ja := i18n.WithLanguage(context.Background(), "ja")
	for _, c := range []struct {
		ctx        context.Context
		rule, want string
	}{
		{de, "Ban list", "Bannliste"},
		{ja, "Ban list", "禁止・制限リスト"},
		{de, "Card pool", "Kartenpool"},
		{de, "Tournament rules: side deck", "Turnierregeln: Side-Deck"},
		{de, "Score DBZ CCG: deck size", "Score DBZ CCG: Deckgröße"},
		{ja, "Panini DBZ TCG: allies", "Panini DBZ TCG：味方"},
		{de, "CR 6-1-3", "CR 6-1-3"},
		{ja, "Masters CR 6-1-4", "Masters CR 6-1-4"},
		{de, "[Super Combo]", "[Super Combo]"},
		{context.Background(), "Ban list", "Ban list"},
		{context.Background(), "Score DBZ CCG: Sensei deck", "Score DBZ CCG: Sensei deck"},
	} {
		if got := RuleLabel(c.ctx, c.rule); got != c.want {
			t.Errorf("RuleLabel(%q) = %q, want %q", c.rule, got, c.want)
		}
	}
}
