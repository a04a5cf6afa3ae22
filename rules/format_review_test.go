package rules

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// A Leader header with the card on its line, or on the next line, holds
// that one card: the real FS01 list stays legal with 50 main-deck cards
// instead of 51 Leaders.
func TestFWLeaderHeaderHoldsOneCard(t *testing.T) {
	base := fs01List(t)
	for _, leader := range []string{
		"Leader: 1 FS01-01 Son Goku", "Leader: FS01-01 Son Goku", "Leader: FS01-01",
		"Leader:\nFS01-01 Son Goku", "Leader:\n1 FS01-01", "LEADER (1)\n\nFS01-01-F",
	} {
		t.Run(leader, func(t *testing.T) {
			deck := strings.Replace(base, "1 FS01-01 Son Goku", leader, 1)
			r := validate(t, "fw-standard", deck, fwPool(t), BuiltinBanLists(), "2026-06-01")
			if !r.Legal || r.Main != 50 || r.Leader != "FS01-01" {
				t.Errorf("legal %v main %d leader %q problems %v", r.Legal, r.Main, r.Leader, codes(r))
			}
		})
	}
}

// Formats that apply no ban list name none, even when one is in force.
func TestLimitedFormatsNameNoBanList(t *testing.T) {
	banned := fs01List(t) + "1 FB01-005 Master Roshi\n" // banned in the March 2026 list
	for _, f := range Formats() {
		want := f.ID != "fw-draft" && f.ID != "fw-sealed"
		if f.AppliesBanList() != want {
			t.Errorf("%s: AppliesBanList %v, want %v", f.ID, f.AppliesBanList(), want)
		}
	}
	for _, id := range []string{"fw-draft", "fw-sealed"} {
		r := validate(t, id, banned, fwPool(t), BuiltinBanLists(), "2026-06-01")
		if r.BanList != "" {
			t.Errorf("%s: BanList %q, want empty", id, r.BanList)
		}
		if _, ok := findProblem(r, "banned"); ok {
			t.Errorf("%s: checked the ban list: %v", id, codes(r))
		}
	}
	if r := validate(t, "fw-standard", banned, fwPool(t), BuiltinBanLists(), "2026-06-01"); r.BanList != "March 2026" {
		t.Errorf("fw-standard: BanList %q", r.BanList)
	}
}

// An unknown card is named as the line names it.
func TestUnknownCardUsesTheNameOnTheLine(t *testing.T) {
	tests := []struct{ format, line, want string }{
		{"fw-standard", "4 FB10-001 Goku New", "FB10-001 Goku New is not in the card pool"},
		{"fw-standard", "4 FB10-001", "FB10-001 is not in the card pool"},
		{"fw-draft", "FB10-001 Goku New x4", "FB10-001 Goku New is not in the card pool"},
	}
	for _, tt := range tests {
		r := validate(t, tt.format, fs01List(t)+tt.line+"\n", fwPool(t), BuiltinBanLists(), "2026-06-01")
		p, ok := findProblem(r, "unknown-card")
		if !ok || p.Message != tt.want || p.Card != "FB10-001" || p.Line != 19 {
			t.Errorf("%s %q: got %+v, want %q on line 19", tt.format, tt.line, p, tt.want)
		}
		if p.Key == "" || fmt.Sprintf(Messages[p.Key], p.Args...) != p.Message {
			t.Errorf("%q: message cannot be rebuilt from Key %q and Args %v", tt.line, p.Key, p.Args)
		}
	}
	// DBZ formats too.
	pool := dbzPool(t, "score-dbz-cards.csv")
	r := validate(t, "score-dbz", "Main personality:\n1 SDBZ-001\nLife deck:\n3 SDBZ-999 Gohan Lv 9\n", pool, nil, "2026-06-01")
	if p, ok := findProblem(r, "unknown-card"); !ok || p.Message != "SDBZ-999 Gohan Lv 9 is not in the card pool" {
		t.Errorf("score-dbz: %+v", r.Problems)
	}
}

// side-not-allowed points at the first side-deck line.
func TestSideNotAllowedNamesTheFirstSideLine(t *testing.T) {
	fs01 := fs01List(t) // 18 lines
	masters, mastersBans := mastersPoolAndBans(t)
	tests := []struct {
		format, deck string
		pool         CardPool
		line         int
	}{
		{"fw-draft", fs01 + "Side deck:\n1 FS01-02\n2 FS01-03\n", fwPool(t), 20},
		{"fw-sealed", fs01 + "\nSide: 1 FS01-02\n", fwPool(t), 20},
		{"masters-standard", mastersBase() + "Side deck:\n1 BT1-018\n", masters, 18},
		{"score-dbz", "Main personality:\n1 SDBZ-001\nSide deck:\n1 SDBZ-030\n", dbzPool(t, "score-dbz-cards.csv"), 4},
	}
	for _, tt := range tests {
		r := validate(t, tt.format, tt.deck, tt.pool, mastersBans, "2026-07-10")
		p, ok := findProblem(r, "side-not-allowed")
		if !ok || p.Line != tt.line {
			t.Errorf("%s: side-not-allowed at line %d, want %d (%v)", tt.format, p.Line, tt.line, r.Problems)
		}
	}
}

// A Leader card in the main deck is leader-in-deck and not one of its 50-60 cards.
func TestLeaderInDeckIsNotCounted(t *testing.T) {
	deck := "Leader:\n1 FS01-01\nMain deck:\n" + strings.Replace(fs01List(t), "1 FS01-01 Son Goku\n", "", 1) + "1 FB01-001\n"
	r := validate(t, "fw-standard", deck, fwPool(t), BuiltinBanLists(), "2026-06-01")
	if !slices.Equal(codes(r), []string{"leader-in-deck"}) || r.Main != 50 {
		t.Errorf("main %d, problems %v", r.Main, codes(r))
	}
	// Ten Leaders in a 45-card deck: too small, not rescued by the Leaders.
	deck = "Leader:\n1 FS01-01\nMain deck:\n" + strings.NewReplacer("1 FS01-01 Son Goku\n", "", "4 FS01-02 Whis\n", "", "2 FS01-04 Krillin\n", "").Replace(fs01List(t)) + "4 FB01-001\n"
	r = validate(t, "fw-standard", deck, fwPool(t), BuiltinBanLists(), "2026-06-01")
	if r.Main != 44 || !slices.Contains(codes(r), "deck-too-small") {
		t.Errorf("main %d, problems %v", r.Main, codes(r))
	}
}

// Every message reads right whatever the numbers in it: built with 1 for
// each number it must not say "1 cards" or "1 are allowed", and with 2 it
// must not say "2 card". Messages say "limited to N; the deck has M" rather
// than glue a plural ending to a word.
func TestMessagesReadForOneAndMany(t *testing.T) {
	verb := regexp.MustCompile(`%\[(\d+)\]([a-z])`)
	singular := regexp.MustCompile(`\b1 (are|[A-Za-z-]*s)\b`)
	plural := regexp.MustCompile(`\b2 (is|card|copy|level|Leader|Dragon Ball)\b`)
	for key, format := range Messages {
		for _, n := range []int{1, 2} {
			var args []any
			for _, m := range verb.FindAllStringSubmatch(format, -1) {
				i := int(m[1][0]-'0') - 1
				for len(args) <= i {
					args = append(args, nil)
				}
				if m[2] == "d" {
					args[i] = n
				} else {
					args[i] = "S"
				}
			}
			msg := fmt.Sprintf(format, args...)
			if strings.Contains(msg, "%!") {
				t.Errorf("%s: %q", key, msg)
			}
			// "level 2 card" names a level, not a count.
			if n == 1 && singular.MatchString(msg) || n == 2 && plural.MatchString(strings.ReplaceAll(msg, "level 2", "level N")) {
				t.Errorf("%s reads wrongly for %d: %q", key, n, msg)
			}
		}
	}
}
