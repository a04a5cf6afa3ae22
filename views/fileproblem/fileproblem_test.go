package fileproblem

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/tenkaichi-org/tenkaichi/jsonproblem"
	"github.com/tenkaichi-org/tenkaichi/pairing"
	"github.com/tenkaichi-org/tenkaichi/rules"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

var languages = []string{"de", "fr", "es", "it", "pt-BR", "ja"}

// verbRE finds a format's indexed verbs: %[2]d.
var verbRE = regexp.MustCompile(`%\[(\d)\]([dqsv])`)

// sampleArgs are values for a format's verbs, each one easy to find in a
// text: numbers 71, 72 …, words "val1", "val2" ….
func sampleArgs(format string) []any {
	var args []any
	for _, m := range verbRE.FindAllStringSubmatch(format, -1) {
		i, _ := strconv.Atoi(m[1])
		for len(args) < i {
			args = append(args, nil)
		}
		if m[2] == "d" {
			args[i-1] = 70 + i
		} else {
			args[i-1] = "val" + m[1]
		}
	}
	return args
}

// Every key of the packages that find a file's problems has its message:
// in English word for word the package's own, in every language another
// text that keeps every value.
func TestEveryKeyHasItsMessage(t *testing.T) {
	type source struct {
		name     string
		messages map[string]string
		problem  func(key string, args []any) error
	}
	sources := []source{
		{"rules.FileMessages", rules.FileMessages, func(k string, a []any) error { return &rules.FileProblem{Key: k, Args: a} }},
		{"jsonproblem.Messages", jsonproblem.Messages, func(k string, a []any) error { return &jsonproblem.Problem{Key: k, Args: a} }},
		{"pairing.EventFileMessages", pairing.EventFileMessages, func(k string, a []any) error {
			return &pairing.InputError{Key: k, Args: a, Msg: fmt.Sprintf(pairing.EventFileMessages[k], a...)}
		}},
	}
	en := context.Background()
	for _, src := range sources {
		for key, format := range src.messages {
			args := sampleArgs(format)
			err := src.problem(key, args)
			english := fmt.Sprintf(format, args...)
			if got := Text(en, err); got != english {
				t.Errorf("%s %q in English:\n got %q\nwant %q", src.name, key, got, english)
			}
			for _, lang := range languages {
				got := Text(i18n.WithLanguage(en, lang), err)
				if got == english {
					t.Errorf("%s %q in %s is English: %q", src.name, key, lang, got)
				}
				for _, v := range args {
					if !strings.Contains(got, fmt.Sprint(v)) {
						t.Errorf("%s %q in %s lacks the value %v: %q", src.name, key, lang, v, got)
					}
				}
			}
		}
	}
}

// The pairing tools' refusals an organiser meets are said as the rounds
// page says them, and so is an event file's problem with its round, match
// and table.
func TestPairingProblemsAndTheirPlace(t *testing.T) {
	de := i18n.WithLanguage(context.Background(), "de")
	ja := i18n.WithLanguage(context.Background(), "ja")
	_, err := pairing.ParseEvent([]byte(`{"players": [{"id": "a"}, {"id": "b"}], "rounds": [{"number": 1, "matches": [{"table": 4, "p1": "a", "p2": "z"}]}]}`))
	if got, want := Text(de, err), `Runde 1, Match 1 (Tisch 4): unbekannter Spieler „z“`; got != want {
		t.Errorf("German: %q, want %q", got, want)
	}
	if got, want := Text(ja, err), `ラウンド1・対戦1（4番テーブル）：プレイヤー「z」がいません`; got != want {
		t.Errorf("Japanese: %q, want %q", got, want)
	}
	_, err = pairing.ParseEvent([]byte("{\"players\": [],\n \"rounds\": [], \"colour\": 1}"))
	if got, want := Text(de, err), `die Turnierdatei ist nicht gültig: Zeile 2: ein Feld „colour“ gibt es auf oberster Ebene der Datei nicht`; got != want {
		t.Errorf("German JSON problem: %q, want %q", got, want)
	}
	b := "b"
	played := &pairing.Event{Players: []pairing.Player{{ID: "a"}, {ID: "b"}}, Rounds: []pairing.Round{{Number: 1, Matches: []pairing.Match{{Table: 1, P1: "a", P2: &b, Result: "p1"}}}}}
	_, err = pairing.BuildTopCut(played, 0)
	if got := Text(de, err); got != "für 2 Spieler wird kein Top Cut empfohlen; gib eine Größe an" {
		t.Errorf("top cut without a size: %q", got)
	}
	if got, want := Text(ja, fmt.Errorf("round 3: %w", pairing.ErrNoPairing)), i18n.T(ja, "StaffPairingNoPairing", nil); got != want || got == pairing.ErrNoPairing.Error() {
		t.Errorf("no pairing: %q, want %q", got, want)
	}
}

// A card list's problem keeps its place: the line or record, the card and
// the column or field, with the problem in the language.
func TestCardListAndBanListProblemsKeepTheirPlace(t *testing.T) {
	de := i18n.WithLanguage(context.Background(), "de")
	ja := i18n.WithLanguage(context.Background(), "ja")
	_, csvErr := rules.ReadCards(strings.NewReader("number,name,type\nFB01-001,A,Wizard\n"), rules.CardFileCSV)
	_, jsonErr := rules.ReadCards(strings.NewReader("[\n{\"number\":\"FB01-001\",\"name\":\"A\",\"type\":\"Leader\",\n \"cost\":\"lots\"}]"), rules.CardFileAuto)
	_, banErr := rules.ReadBanLists(strings.NewReader(`[{"game":"fusion-world","name":"X","effective":"2026-03-01","entries":[{"number":"FB01-001","status":"maybe"}]}]`))
	for _, c := range []struct {
		ctx  context.Context
		err  error
		want string
	}{
		{de, csvErr, `Zeile 2 (Karte FB01-001): Spalte „type“: unbekannter Kartentyp „Wizard“ (erwartet: Leader, Battle oder Extra)`},
		{ja, csvErr, `2行目（カードFB01-001）：「type」列：カードの種類「Wizard」がわかりません（Leader、Battle、Extraのどれか）`},
		{de, jsonErr, `Datensatz 1 (Karte FB01-001): Zeile 3: „cost“ muss eine ganze Zahl sein, nicht "lots"`},
		{ja, banErr, `禁止・制限リストの1番目の版：1番目の項目（FB01-001）：状態「maybe」はbannedかlimitedにしてください`},
		{de, errors.New("disk on fire"), "disk on fire"},
	} {
		if got := Text(c.ctx, c.err); got != c.want {
			t.Errorf("%v:\n got %q\nwant %q", c.err, got, c.want)
		}
	}
}
