package i18n

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	goi18n "github.com/nicksnyder/go-i18n/v2/i18n"
	"github.com/tenkaichi-org/tenkaichi/rules/engine/ruleindex"
	"golang.org/x/text/language"
)

func TestPluralForms(t *testing.T) {
	ctx := context.Background()
	cases := []struct {
		id   string
		n    int
		want string
	}{
		{"PointCount", 0, "0 points"},
		{"PointCount", 1, "1 point"},
		{"PointCount", 2, "2 points"},
		{"CardCount", 1, "1 card"},
		{"CardCount", 50, "50 cards"},
		{"DeckNotLegal", 1, "This deck is not legal: 1 problem."},
		{"DeckNotLegal", 3, "This deck is not legal: 3 problems."},
	}
	for _, c := range cases {
		if got := N(ctx, c.id, c.n, nil); got != c.want {
			t.Errorf("N(%s, %d) = %q, want %q", c.id, c.n, got, c.want)
		}
	}
	got := T(ctx, "PlayerStanding", Args{"Rank": 5, "Points": N(ctx, "PointCount", 1, nil), "Record": "0-0-1"})
	if got != "Standing: 5 · 1 point (0-0-1)" {
		t.Errorf("PlayerStanding = %q", got)
	}
}

// A count is written as the language writes numbers ("4.123 Karten", not
// "4123 Karten"), and its plural form is still the number's.
func TestCountsAreWrittenInTheLanguage(t *testing.T) {
	in := func(code string) context.Context { return WithLanguage(context.Background(), code) }
	cases := []struct {
		lang string
		n    int
		want string
	}{
		{"en", 4123, "4,123 cards"},
		{"en", 1, "1 card"},
		{"de", 4123, "4.123 Karten"},
		{"de", 1, "1 Karte"},
		{"fr", 4123, "4\u00a0123 cartes"},
		{"fr", 1, "1 carte"},
		{"ja", 4123, "4,123枚"},
		{"en", -1200, "-1,200 cards"},
	}
	for _, c := range cases {
		if got := N(in(c.lang), "CardCount", c.n, nil); got != c.want {
			t.Errorf("%s: N(CardCount, %d) = %q, want %q", c.lang, c.n, got, c.want)
		}
	}
}

func TestMissingMessageShowsItsID(t *testing.T) {
	if got := T(context.Background(), "NoSuchMessage", nil); got != "NoSuchMessage" {
		t.Errorf("missing message = %q, want its id", got)
	}
	if Has("NoSuchMessage") || !Has("PointCount") || !Has("DeckSizes") {
		t.Error("Has does not tell defined messages from missing ones")
	}
}

// A message missing from a language's files falls back to English's, one
// message at a time. Which messages German still lacks changes as areas are
// translated, so the test finds one.
func TestLanguageFallsBackToEnglishPerMessage(t *testing.T) {
	ctx := WithLanguage(context.Background(), "de-DE,de;q=0.9")
	msgs, _ := readLanguages(t)
	untranslated := ""
	for id, texts := range msgs["en"] {
		if _, plain := texts[""]; plain && !strings.Contains(texts[""], "{{") && !defined(ctx, id) {
			untranslated = id
			break
		}
	}
	if untranslated == "" {
		t.Skip("German has every message")
	}
	if got, want := T(ctx, untranslated, nil), T(context.Background(), untranslated, nil); got != want {
		t.Errorf("German context, %s missing in German = %q, want English %q", untranslated, got, want)
	}
	if got := T(ctx, "LanguageName", nil); got != "Deutsch" {
		t.Errorf("German context, message in German = %q", got)
	}
	// A language with no file at all: English.
	if got := T(WithLanguage(context.Background(), "zh-CN"), "LanguageName", nil); got != "English" {
		t.Errorf("Chinese context = %q", got)
	}
}

// Every English message with a count has both of English's CLDR forms, and
// plural forms name a form English has.
func TestEnglishFileShape(t *testing.T) {
	all, _ := readLanguages(t)
	for id, forms := range all["en"] {
		if _, plain := forms[""]; plain {
			continue
		}
		if forms["one"] == "" || forms["other"] == "" {
			t.Errorf("%s: a plural message needs \"one\" and \"other\" in English", id)
		}
		for k := range forms {
			if k != "one" && k != "other" {
				t.Errorf("%s: English has no plural form %q", id, k)
			}
		}
	}
}

// callRE finds the message ids of calls of i18n.T and i18n.N (and, inside
// this package, of T), and of the Messages made with i18n.M and i18n.MN.
var callRE = regexp.MustCompile(`(?:i18n\.|\b)(?:[TN]\([^,]+,|MN?\()\s*"([A-Za-z0-9.]+)"`)

// Every message id the code uses is in the English file, and every message
// of the file is used: a typo shows here, not as an id on a page.
func TestEveryIDDefinedAndUsed(t *testing.T) {
	root := filepath.Join("..", "..")
	used := map[string]bool{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == ".git" || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		// This package's own tests name ids that must not exist.
		if strings.HasSuffix(path, "_test.go") && filepath.Base(filepath.Dir(path)) == "i18n" {
			return nil
		}
		if d.IsDir() || strings.HasSuffix(path, "_templ.go") || !(strings.HasSuffix(path, ".go") || strings.HasSuffix(path, ".templ")) {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, m := range callRE.FindAllStringSubmatch(string(src), -1) {
			used[m[1]] = true
		}
		for _, m := range noticeRE.FindAllStringSubmatch(string(src), -1) {
			used[m[1]] = true
		}
		for _, m := range importProblemRE.FindAllStringSubmatch(string(src), -1) {
			used[m[1]] = true
		}
		for _, m := range engineIDRE.FindAllStringSubmatch(string(src), -1) {
			used[m[1]] = true
		}
		for _, m := range engineMsgRE.FindAllStringSubmatch(string(src), -1) {
			used[m[1]] = true
		}
		for _, m := range deckProblemRE.FindAllStringSubmatch(string(src), -1) {
			used[m[1]] = true
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// Ids built from a prefix (endOfRoundText) are listed by hand.
	for _, id := range dynamicIDs {
		used[id] = true
	}
	for _, id := range monthIDs {
		used[id] = true
	}
	// Each rule-index entry's messages, by its key (views/ruletext MessageIDs).
	for _, r := range ruleindex.Rules {
		for _, part := range []string{"Title", "Explanation", "Terms"} {
			used["Rule"+r.MessageKey()+part] = true
		}
	}
	all, _ := readLanguages(t)
	raw := all["en"]
	missing, unused := keysNotIn(used, raw), keysNotIn(raw, used)
	if len(missing) > 0 {
		t.Errorf("ids used in the code but in no English message file (messages/*.en.json): %v", missing)
	}
	if len(unused) > 0 {
		t.Errorf("English messages (messages/*.en.json) that no code uses: %v", unused)
	}
}

// engineIDRE finds the messages of the engine's sentences and words, the
// values of views/enginetext's maps ("format": "EngineId", skill.Draw:
// "EngineEffectDraw").
var engineIDRE = regexp.MustCompile(`(?:"|\w):\s+"(Engine[A-Z][A-Za-z0-9]*)",`)

// engineMsgRE finds the messages of the engine's sentences that carry
// their id (rules/engine msg: the effect kinds').
var engineMsgRE = regexp.MustCompile(`\bmsg\(\s*"(Engine[A-Z][A-Za-z0-9]*)",`)

// deckProblemRE finds the messages of the deck check's and the files'
// problems, the values of views/deckproblem's and views/fileproblem's
// tables by key ("too-many-copies": "JudgeDeckTooManyCopies").
var deckProblemRE = regexp.MustCompile(`"[a-z0-9-]+":\s+"((?:JudgeDeck|File|Json|EventFile)[A-Z][A-Za-z0-9]*)",`)

// noticeRE finds the server's flash notices: a msg… constant whose value is
// a message id (server/web/render.go FlashText shows it in the page's language).
var noticeRE = regexp.MustCompile(`\bmsg[A-Z]\w*\s*=\s*"([A-Z][A-Za-z0-9]+)"`)

// importProblemRE finds the ids of an event file's problems, made with
// their values and said when shown (server/transfer/import.go importProblemOf, and
// importRecords' recordMatch).
var importProblemRE = regexp.MustCompile(`\b(?:importProblemOf|recordMatch)\(\s*(?:in,\s*)?"([A-Z][A-Za-z0-9]+)"`)

// dynamicIDs are ids the code builds (prefix + suffix), so the scan above
// cannot see them as literals.
var dynamicIDs = []string{
	"AtTimeDraw", "AtTimeDoubleLoss", "AtTimeCount",
	"AtTimeDrawNoTurns", "AtTimeDoubleLossNoTurns", "AtTimeCountNoTurns",
	"AtTimeCountLifeDeck", "AtTimeCountLifeDeckNoTurns", // the DBZ CCGs' "count" (server/web/games.go EndOfRound)
	// Each game's names and decklist hint (server/web/games.go EventGames).
	"GameNameFusionWorld", "GameNameMasters", "GameNameScoreDBZ", "GameNamePaniniDBZ",
	"GameShortFusionWorld", "GameShortMasters", "GameShortScoreDBZ", "GameShortPaniniDBZ",
	"DeckHintFusionWorld", "DeckHintMasters", "DeckHintScoreDBZ", "DeckHintPaniniDBZ",
	"OrdinalOne", "OrdinalTwo", "OrdinalFew", "OrdinalOther", // Ordinal picks one by the language's ordinal rule
	"RoundFilterAll", "RoundFilterUnreported", "RoundFilterDisputed", "RoundFilterExtended", // server/staff/matches.go matchFilters
	"ChangePairingAt", "ChangePairingOfBye", "ChangePairingSubmitAt", "ChangePairingSubmitBye", // views/rounds.templ pairingLabel
	"EngineCostIs", "EngineCostFromTo", "EngineCostAtLeast", "EngineCostAtMost", // views/enginetext rangeText
	"EnginePowerIs", "EnginePowerFromTo", "EnginePowerAtLeast", "EnginePowerAtMost",
	"EngineOriginalPowerIs", "EngineOriginalPowerFromTo", "EngineOriginalPowerAtLeast", "EngineOriginalPowerAtMost",
	"LanguageName", // read alone from each language's common file, for the language menus (mustLanguageName)
}

func TestOrdinals(t *testing.T) {
	ctx := context.Background()
	want := map[int]string{0: "0th", 1: "1st", 2: "2nd", 3: "3rd", 4: "4th", 10: "10th", 11: "11th", 12: "12th",
		13: "13th", 21: "21st", 22: "22nd", 23: "23rd", 101: "101st", 111: "111th", 112: "112th", 1003: "1003rd"}
	for n, w := range want {
		if got := Ordinal(ctx, n); got != w {
			t.Errorf("Ordinal(%d) = %q, want %q", n, got, w)
		}
	}
	// A language with no file: English's, by English's rule.
	if got := Ordinal(WithLanguage(ctx, "zh-CN"), 2); got != "2nd" {
		t.Errorf("Chinese context, no Chinese file: %q", got)
	}
	// Each language's places, by its own ordinal rule (French "1er", "2e").
	for _, c := range []struct {
		lang string
		n    int
		want string
	}{{"fr", 1, "1er"}, {"fr", 2, "2e"}, {"fr", 21, "21e"}, {"de", 3, "3."}, {"ja", 2, "2位"}, {"es", 4, "4.º"}, {"it", 1, "1º"}, {"pt-BR", 8, "8º"}} {
		if got := Ordinal(WithLanguage(ctx, c.lang), c.n); got != c.want {
			t.Errorf("Ordinal(%s, %d) = %q, want %q", c.lang, c.n, got, c.want)
		}
	}
}

// A language's files are read when it is first used, not at start: an
// English event day never holds the other languages' messages (about
// 1.3 MB each). A message the language lacks is English's.
func TestLanguagesAreReadOnFirstUse(t *testing.T) {
	c := mustIndex(fstest.MapFS{
		"messages/common.en.json": {Data: []byte(`{"LanguageName": "English", "Hello": "Hello", "Bye": "Bye"}`)},
		"messages/common.fr.json": {Data: []byte(`{"LanguageName": "Français", "Hello": "Bonjour"}`)},
		"messages/player.fr.json": {Data: []byte(`{"Broken": `)},
	})
	if got := c.names[language.French]; got != "Français" {
		t.Errorf("French named %q before its files are read", got)
	}
	if got := c.localize(c.english, &goi18n.LocalizeConfig{MessageID: "Hello"}); got != "Hello" {
		t.Errorf("English Hello = %q", got)
	}
	// Reading French now finds its broken file: nothing read it before.
	defer func() {
		if r := recover(); r == nil || !strings.Contains(fmt.Sprint(r), "player.fr.json") {
			t.Errorf("reading French's files: %v, want a panic naming player.fr.json", r)
		}
	}()
	c.bundle(language.French)
}

// Every shipped language's files read, and a message a language lacks
// is said in English (a catalogue made for the test, since which messages
// the shipped translations lack changes as they are finished).
func TestEveryLanguageReadsAndFallsBackToEnglish(t *testing.T) {
	for _, tag := range messages.tags {
		if b := messages.bundle(tag); len(b.LanguageTags()) != 1 || b.LanguageTags()[0] != tag {
			t.Errorf("%s: bundle has %v", tag, b.LanguageTags())
		}
	}
	c := mustIndex(fstest.MapFS{
		"messages/common.en.json": {Data: []byte(`{"LanguageName": "English", "Hello": "Hello", "Bye": "Bye {{.Name}}"}`)},
		"messages/common.fr.json": {Data: []byte(`{"LanguageName": "Français", "Hello": "Bonjour"}`)},
	})
	fr := c.localizer(language.French)
	if got := c.localize(fr, &goi18n.LocalizeConfig{MessageID: "Hello"}); got != "Bonjour" {
		t.Errorf("French Hello = %q", got)
	}
	if got := c.localize(fr, &goi18n.LocalizeConfig{MessageID: "Bye", TemplateData: map[string]any{"Name": "Goku"}}); got != "Bye Goku" {
		t.Errorf("French Bye, missing in French = %q, want English's", got)
	}
	if got := c.localize(fr, &goi18n.LocalizeConfig{MessageID: "Nowhere"}); got != "Nowhere" {
		t.Errorf("a message in no file = %q, want its id", got)
	}
}
