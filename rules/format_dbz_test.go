package rules

import (
	"slices"
	"strings"
	"testing"
)

// scoreDeck is a legal Score list: Goku levels 1 to top as the main
// personality and a 49-card life deck (52 to 54 cards in all).
func scoreDeck(top int) string {
	mp := "Main personality:\n1 SDBZ-001 Goku Lv 1\n1 SDBZ-002\n1 SDBZ-003\n"
	if top >= 4 {
		mp += "1 SDBZ-004\n"
	}
	if top >= 5 {
		mp += "1 SDBZ-005\n"
	}
	return mp + "Life deck:\n4 SDBZ-030 Goku's Kamehameha\n" + genericLines("SDBZ", 15, 3)
}

// Score DBZ CCG: allies come as whole sets, levels 1 up to their highest
// with no gap (the seed rules' "必ずセットになった一組単位で").
func TestScoreAlliesComeAsWholeSets(t *testing.T) {
	pool := dbzPool(t, "score-dbz-cards.csv")
	tests := []struct{ name, add, code, msg string }{
		{"levels 1 to 3", "1 SDBZ-021\n1 SDBZ-022\n1 SDBZ-023\n", "", ""},
		{"a lone level-2 ally", "1 SDBZ-022\n", "ally-set",
			"The ally Krillin is not a whole set: it has no level 1 card (an ally comes as levels 1 up to its highest, with no gap)"},
		{"a gap at level 2", "1 SDBZ-021\n1 SDBZ-023\n", "ally-set", ""},
		{"a lone level-1 ally", "1 SDBZ-024 Nappa Lv 1\n", "alignment", ""}, // a whole set; Nappa is a villain
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := validate(t, "score-dbz", scoreDeck(5)+tt.add, pool, nil, "2026-06-01")
			checkOne(t, r, tt.code, "", tt.msg)
		})
	}
}

// Score DBZ CCG: the Sensei card belongs in the life deck; the Sensei deck
// holds only "Sensei Deck" and "Sensei Deck only" cards, exactly as many as
// the Sensei card says; two Sensei cards are one problem.
func TestScoreSenseiDeck(t *testing.T) {
	pool := dbzPool(t, "score-dbz-cards.csv")
	sensei := "Sensei deck:\n1 SDBZ-063\n1 SDBZ-067\n1 SDBZ-068\n" // 3 cards; Master Roshi Sensei says 3
	tests := []struct {
		name, deck, code, msg string
		cards                 []string
	}{
		{name: "Sensei card in the life deck", deck: scoreDeck(3) + "1 SDBZ-062\n" + sensei},
		{name: "a Sensei Deck card in the life deck", deck: scoreDeck(3) + "1 SDBZ-067\n"},
		{name: "Sensei card in the Sensei deck", deck: scoreDeck(3) + sensei + "1 SDBZ-062\n", code: "sensei-card-in-sensei-deck",
			msg: "SDBZ-062 Master Roshi Sensei is a Sensei card; it goes in the life deck, not in the Sensei deck"},
		{name: "an unmarked card in the Sensei deck", deck: scoreDeck(3) + "1 SDBZ-062\nSensei deck:\n1 SDBZ-063\n1 SDBZ-067\n1 SDBZ-101\n",
			code: "not-sensei-deck-card", msg: `SDBZ-101 Generic Combat 1 is not marked "Sensei Deck" or "Sensei Deck only", so it cannot be in the Sensei deck`},
		{name: "Sensei deck of the wrong size", deck: scoreDeck(3) + "1 SDBZ-062\nSensei deck:\n1 SDBZ-063\n1 SDBZ-067\n",
			code: "sensei-deck-size", msg: "The Sensei deck's size is 2; the Sensei card SDBZ-062 Master Roshi Sensei sets it at exactly 3"},
		{name: "two copies of one Sensei card", deck: scoreDeck(3) + "2 SDBZ-062\n" + sensei, code: "too-many-of-kind",
			msg: "Sensei cards are limited to 1 per deck; the deck has 2: SDBZ-062 Master Roshi Sensei", cards: []string{"SDBZ-062"}},
		{name: "two Sensei cards", deck: scoreDeck(3) + "1 SDBZ-062\n1 SDBZ-069\n" + sensei, code: "too-many-of-kind",
			cards: []string{"SDBZ-062", "SDBZ-069"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := validate(t, "score-dbz", tt.deck, pool, nil, "2026-06-01")
			checkOne(t, r, tt.code, "", tt.msg)
			if tt.cards != nil && !slices.Equal(r.Problems[0].Cards, tt.cards) {
				t.Errorf("cards %v, want %v", r.Problems[0].Cards, tt.cards)
			}
		})
	}
}

// Panini DBZ TCG: the Mastery may be listed with the main personality.
func TestPaniniMasteryUnderMainPersonality(t *testing.T) {
	pool := dbzPool(t, "panini-dbz-cards.csv")
	deck := "Main Personality:\n1 PDBZ-001\n1 PDBZ-002\n1 PDBZ-003\n1 PDBZ-004\n1 PDBZ-060 Saiyan Mastery\nLife deck:\n" + genericLines("PDBZ", 20, 3)
	r := validate(t, "panini-dbz", deck, pool, nil, "2026-06-01")
	if !r.Legal || r.Main != 60 || r.Leader != "Goku" {
		t.Errorf("legal %v main %d leader %q: %v", r.Legal, r.Main, r.Leader, r.Problems)
	}
	r = validate(t, "panini-dbz", deck+"1 PDBZ-061 Red Mastery\n", pool, nil, "2026-06-01")
	checkOne(t, r, "too-many-of-kind", "", "Mastery cards are limited to 1 per deck; the deck has 2: PDBZ-060 Saiyan Mastery, PDBZ-061 Red Mastery")
}

// One cause, one problem: a main personality mixing two personalities, or
// eight Dragon Balls of two sets, gives only the real problem.
func TestDBZOneCauseOneProblem(t *testing.T) {
	panini := dbzPool(t, "panini-dbz-cards.csv")
	life := "Mastery:\n1 PDBZ-060\nLife deck:\n" + genericLines("PDBZ", 20, 3)
	r := validate(t, "panini-dbz", "Main personality:\n1 PDBZ-001\n1 PDBZ-002\n1 PDBZ-003\n1 PDBZ-014 Vegeta Lv 4\n"+life, panini, nil, "2026-06-01")
	checkOne(t, r, "mp-mixed", "PDBZ-014", "PDBZ-014 Vegeta Lv 4 belongs to Vegeta, but the main personality is Goku")

	score := dbzPool(t, "score-dbz-cards.csv")
	r = validate(t, "score-dbz", strings.Replace(scoreDeck(3), "1 SDBZ-003\n", "1 SDBZ-013\n", 1), score, nil, "2026-06-01")
	checkOne(t, r, "mp-mixed", "SDBZ-013", "")

	earth := "1 SDBZ-041\n1 SDBZ-042\n1 SDBZ-043\n1 SDBZ-044\n1 SDBZ-045\n1 SDBZ-046\n1 SDBZ-047\n"
	r = validate(t, "score-dbz", scoreDeck(3)+earth+"1 SDBZ-051\n", score, nil, "2026-06-01")
	checkOne(t, r, "dragon-ball-sets", "SDBZ-051", "The deck's Dragon Balls come from more than one set (Earth and Namek)")
	// Six of one set and one of another: still the mix, not also a short set.
	r = validate(t, "score-dbz", scoreDeck(3)+strings.Replace(earth, "1 SDBZ-047\n", "", 1)+"1 SDBZ-051\n", score, nil, "2026-06-01")
	checkOne(t, r, "dragon-ball-sets", "SDBZ-051", "")
}

// A DBZ list written with the Fusion World header "Leader:" gets one hint
// and is read as meant: the personality's levels are the main personality.
func TestDBZLeaderHeaderHint(t *testing.T) {
	pool := dbzPool(t, "score-dbz-cards.csv")
	life := "4 SDBZ-030\n" + genericLines("SDBZ", 15, 3)
	for _, deck := range []string{
		"Leader:\n1 SDBZ-001\n1 SDBZ-002\n1 SDBZ-003\nLife deck:\n" + life,
		"Leader: 1 SDBZ-001\n1 SDBZ-002\n1 SDBZ-003\n" + life,
	} {
		r := validate(t, "score-dbz", deck, pool, nil, "2026-06-01")
		checkOne(t, r, "dbz-leader-header", "",
			`A Score Dragon Ball Z CCG deck has a main personality, not a Leader: list its levels under "Main Personality:" instead of "Leader:"`)
		if p := r.Problems[0]; p.Line != 1 || r.Leader != "Goku" || r.Main != 52 {
			t.Errorf("line %d, leader %q, main %d", p.Line, r.Leader, r.Main)
		}
	}
}
