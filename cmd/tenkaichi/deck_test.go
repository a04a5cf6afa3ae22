package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var (
	fwCards      = filepath.Join("..", "..", "testdata", "fusion-world-cards.json")
	fs01Deck     = filepath.Join("..", "..", "testdata", "decklists", "fs01-starter-son-goku.txt")
	mastersBans  = filepath.Join("..", "..", "testdata", "masters-banlist-2026-06.json")
	mastersCards = filepath.Join("..", "..", "testdata", "masters-cards.json")
)

func runCLI(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	// An empty data directory of its own, so a check without --cards finds no pool.
	data := t.TempDir()
	env := &cliEnv{stdin: strings.NewReader(stdin), stdout: &out, stderr: &errb, getenv: func(k string) string {
		if k == "TENKAICHI_DATA" {
			return data
		}
		return ""
	}}
	code = run(context.Background(), env, args)
	return code, out.String(), errb.String()
}

func writeDeck(t *testing.T, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "deck.txt")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func fs01(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile(fs01Deck)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

type checkJSON struct {
	Legal    bool   `json:"legal"`
	Format   string `json:"format"`
	BanList  string `json:"banlist"`
	Problems []struct {
		Code, Rule, Card, Message string
		Line                      int
	} `json:"problems"`
	Main, Side int
	Leader     string
}

func TestDeckCheckLegalJSON(t *testing.T) {
	code, out, errOut := runCLI(t, "", "deck", "check", "--format", "fw-standard", "--date", "2026-06-01", "--cards", fwCards, "--json", fs01Deck)
	if code != 0 {
		t.Fatalf("exit %d, stderr %s, stdout %s", code, errOut, out)
	}
	var raw map[string]any
	if err := json.Unmarshal([]byte(out), &raw); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	for _, k := range []string{"legal", "format", "banlist", "problems", "main", "side", "leader"} {
		if _, ok := raw[k]; !ok {
			t.Errorf("JSON lacks %q: %s", k, out)
		}
	}
	if len(raw) != 7 {
		t.Errorf("JSON has extra keys: %s", out)
	}
	var r checkJSON
	_ = json.Unmarshal([]byte(out), &r)
	if !r.Legal || r.Format != "fw-standard" || r.BanList != "March 2026" || r.Main != 50 || r.Side != 0 || r.Leader != "FS01-01" || r.Problems == nil {
		t.Errorf("result %+v", r)
	}
	if !strings.Contains(out, `"problems": []`) {
		t.Errorf("a legal deck should print an empty problems list: %s", out)
	}
}

func TestDeckCheckIllegal(t *testing.T) {
	deck := writeDeck(t, fs01(t)+"1 FB01-056 Pilaf\n")
	code, out, _ := runCLI(t, "", "deck", "check", "--format", "fw-standard", "--date", "2026-06-01", "--cards", fwCards, "--json", deck)
	if code != 1 {
		t.Fatalf("exit %d, want 1: %s", code, out)
	}
	var r checkJSON
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	if r.Legal || len(r.Problems) != 2 {
		t.Fatalf("want banned and colour problems, got %+v", r.Problems)
	}
	found := false
	for _, p := range r.Problems {
		if p.Code == "banned" {
			found = true
			if p.Card != "FB01-056" || p.Line != 19 || p.Rule != "Ban list" ||
				p.Message != "FB01-056 Pilaf is banned (ban list in force on 2026-06-01: March 2026)" {
				t.Errorf("banned problem: %+v", p)
			}
		}
	}
	if !found {
		t.Errorf("no banned problem: %+v", r.Problems)
	}

	// The text output says the same in words, flags after the file work too.
	code, out, _ = runCLI(t, "", "deck", "check", deck, "--format", "fw-standard", "--date", "2026-06-01", "--cards", fwCards)
	if code != 1 || !strings.Contains(out, "NOT legal") || !strings.Contains(out, "line 19: FB01-056 Pilaf is banned") {
		t.Errorf("exit %d, text output:\n%s", code, out)
	}
}

func TestDeckCheckStdinAndBanlistFile(t *testing.T) {
	deck := "Leader:\n1 BT1-001\nMain deck:\n4 BT1-004\n4 BT1-006\n4 BT1-007\n4 BT1-008\n4 BT1-009\n4 BT1-010\n4 BT1-011\n4 BT1-012\n4 BT1-013\n4 BT1-014\n4 BT1-015\n4 BT1-016\n1 BT1-017\n1 BT1-005\n"
	code, out, errOut := runCLI(t, deck, "deck", "check", "--format", "masters-standard", "--date", "2026-07-10",
		"--cards", mastersCards, "--banlist", mastersBans, "--json", "-")
	if code != 1 {
		t.Fatalf("exit %d: %s %s", code, out, errOut)
	}
	var r checkJSON
	_ = json.Unmarshal([]byte(out), &r)
	if r.BanList != "Masters list of June 19, 2026" || len(r.Problems) != 1 || r.Problems[0].Code != "banned" || r.Problems[0].Line != 17 {
		t.Errorf("result %+v", r)
	}
}

func TestDeckCheckInputErrors(t *testing.T) {
	good := writeDeck(t, fs01(t))
	bad := writeDeck(t, "1 FS01-01\n4 FS01-02\nfour FS01-03 please\n")
	badCards := filepath.Join(t.TempDir(), "cards.csv")
	_ = os.WriteFile(badCards, []byte("number,name,type,power\nFS01-01,Son Goku,Leader,lots\n"), 0o644)
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"unreadable line", []string{"--format", "fw-standard", "--date", "2026-06-01", "--cards", fwCards, bad}, "line 3"},
		{"no card pool", []string{"--format", "fw-standard", "--date", "2026-06-01", good}, "--cards"},
		{"unknown format", []string{"--format", "fw-modern", "--date", "2026-06-01", "--cards", fwCards, good}, "fw-standard"},
		{"bad date", []string{"--format", "fw-standard", "--date", "1/6/2026", "--cards", fwCards, good}, "YYYY-MM-DD"},
		{"missing date", []string{"--format", "fw-standard", "--cards", fwCards, good}, "--date"},
		{"no deck file", []string{"--format", "fw-standard", "--date", "2026-06-01", "--cards", fwCards}, "DECKFILE"},
		{"missing deck file", []string{"--format", "fw-standard", "--date", "2026-06-01", "--cards", fwCards, good + ".nope"}, "no such file"},
		{"bad card file", []string{"--format", "fw-standard", "--date", "2026-06-01", "--cards", badCards, good}, "line 2 (card FS01-01)"},
		{"bad ban list", []string{"--format", "fw-standard", "--date", "2026-06-01", "--cards", fwCards, "--banlist", good, good}, "ban list"},
		{"unknown flag", []string{"--colour", "--format", "fw-standard", good}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := runCLI(t, "", append([]string{"deck", "check"}, tt.args...)...)
			if code != 2 {
				t.Fatalf("exit %d, want 2; stdout %s stderr %s", code, out, errOut)
			}
			if !strings.Contains(errOut, tt.want) {
				t.Errorf("stderr %q does not mention %q", errOut, tt.want)
			}
		})
	}
}

func TestDeckCheckHelp(t *testing.T) {
	code, out, errOut := runCLI(t, "", "deck", "check", "--help")
	if code != 0 || !strings.Contains(out, "--format FORMAT --date YYYY-MM-DD") || errOut != "" {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}

// Help asked for goes to stdout with exit 0, for every command as for
// 'tenkaichi --help'; usage after a wrong command line goes to stderr with exit 2.
func TestHelpGoesToStdout(t *testing.T) {
	for _, name := range sortedNames() {
		for _, help := range []string{"--help", "-h"} {
			code, out, errOut := runCLI(t, "", append(strings.Fields(name), help)...)
			if code != 0 || !strings.Contains(out, "Usage: tenkaichi "+name) || errOut != "" {
				t.Errorf("%s %s: exit %d, stdout %q, stderr %q", name, help, code, out, errOut)
			}
		}
		code, out, errOut := runCLI(t, "", append(strings.Fields(name), "--no-such-flag")...)
		if code != 2 || out != "" || !strings.Contains(errOut, "no-such-flag") || !strings.Contains(errOut, "Usage: tenkaichi "+name) {
			t.Errorf("%s --no-such-flag: exit %d, stdout %q, stderr %q", name, code, out, errOut)
		}
	}
	for _, tt := range []struct {
		args     []string
		code     int
		toStdout bool
	}{
		{[]string{"--help"}, 0, true},
		{[]string{"help"}, 0, true},
		{[]string{"-h"}, 0, true},
		{nil, 2, false},
		{[]string{"deck", "--help"}, 0, true},
		{[]string{"deck"}, 2, false},
	} {
		code, out, errOut := runCLI(t, "", tt.args...)
		usage, other := out, errOut
		if !tt.toStdout {
			usage, other = errOut, out
		}
		if code != tt.code || !strings.Contains(usage, "tenkaichi") || other != "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", tt.args, code, out, errOut)
		}
	}
	// Wrong usage that the command finds after parsing its flags: stderr, exit 2.
	code, out, errOut := runCLI(t, "", "deck", "check", "--format", "fw-standard", "--date", "2026-06-01")
	if code != 2 || out != "" || !strings.Contains(errOut, "Usage: tenkaichi deck check") {
		t.Errorf("deck check without DECKFILE: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	// The pair synopsis shows every flag it has.
	if _, out, _ := runCLI(t, "", "pair", "--help"); !strings.Contains(out, "Usage: tenkaichi pair --in FILE [--explain] [--exact]") {
		t.Errorf("pair synopsis: %s", out)
	}
}

// The formats that apply no ban list report none, in JSON and in words.
func TestDeckCheckLimitedFormatNamesNoBanList(t *testing.T) {
	for _, id := range []string{"fw-draft", "fw-sealed"} {
		code, out, errOut := runCLI(t, "", "deck", "check", "--format", id, "--date", "2026-06-01", "--cards", fwCards, "--json", fs01Deck)
		var r checkJSON
		if code != 0 || json.Unmarshal([]byte(out), &r) != nil || r.BanList != "" || !strings.Contains(out, `"banlist": ""`) {
			t.Errorf("%s: exit %d, %s %s", id, code, out, errOut)
		}
		code, out, _ = runCLI(t, "", "deck", "check", "--format", id, "--date", "2026-06-01", "--cards", fwCards, fs01Deck)
		if code != 0 || !strings.Contains(out, "no ban list applies to this format") || strings.Contains(out, "March 2026") {
			t.Errorf("%s text: exit %d\n%s", id, code, out)
		}
	}
	_, out, _ := runCLI(t, "", "deck", "check", "--format", "fw-standard", "--date", "2026-06-01", "--cards", fwCards, fs01Deck)
	if !strings.Contains(out, "Ban list on 1 June 2026: March 2026") {
		t.Errorf("fw-standard text:\n%s", out)
	}
	_, out, _ = runCLI(t, "", "deck", "check", "--format", "fw-standard", "--date", "2026-01-01", "--cards", fwCards, fs01Deck)
	if !strings.Contains(out, "Ban list on 1 January 2026: none in force") {
		t.Errorf("fw-standard before March 2026:\n%s", out)
	}
}

// The review's cases, end to end: paste forms that read a count of 4, an
// inline Leader header, an unknown card named as on its line, the first
// side-deck line, and messages that read right for one card.
func TestDeckCheckReviewCases(t *testing.T) {
	check := func(format, deck string) checkJSON {
		t.Helper()
		_, out, errOut := runCLI(t, "", "deck", "check", "--format", format, "--date", "2026-06-01", "--cards", fwCards, "--json", writeDeck(t, deck))
		var r checkJSON
		if err := json.Unmarshal([]byte(out), &r); err != nil {
			t.Fatalf("%v: %s %s", err, out, errOut)
		}
		return r
	}
	base := fs01(t)
	// "4 FS01-03 Master Roshi" written two other ways: still 50 cards.
	for _, line := range []string{"FS01-03 x 4", "FS01-03 x4 Master Roshi", "FS01-03 ×4", "FS01-03 4"} {
		if r := check("fw-standard", strings.Replace(base, "4 FS01-03 Master Roshi", line, 1)); !r.Legal || r.Main != 50 {
			t.Errorf("%q: legal %v main %d %+v", line, r.Legal, r.Main, r.Problems)
		}
	}
	// Leader header with the card on its line: one Leader, 50 main-deck cards.
	for _, leader := range []string{"Leader: 1 FS01-01", "Leader: FS01-01", "Leader:\nFS01-01"} {
		if r := check("fw-standard", strings.Replace(base, "1 FS01-01 Son Goku", leader, 1)); !r.Legal || r.Main != 50 || r.Leader != "FS01-01" {
			t.Errorf("%q: legal %v main %d leader %s %+v", leader, r.Legal, r.Main, r.Leader, r.Problems)
		}
	}
	r := check("fw-standard", base+"4 FB10-001 Goku New\n")
	if len(r.Problems) == 0 || r.Problems[0].Message != "FB10-001 Goku New is not in the card pool" || r.Problems[0].Line != 19 {
		t.Errorf("unknown card: %+v", r.Problems)
	}
	r = check("fw-draft", base+"Side deck:\n1 FS01-02\n")
	if len(r.Problems) != 1 || r.Problems[0].Code != "side-not-allowed" || r.Problems[0].Line != 20 ||
		r.Problems[0].Message != "This format has no side deck, but the decklist has one (side deck total: 1)" {
		t.Errorf("side-not-allowed: %+v", r.Problems)
	}
	r = check("fw-standard", "1 FS01-01\n1 FS01-02\n")
	if len(r.Problems) != 1 || r.Problems[0].Message != "The main deck's size is 1; it must be at least 50" {
		t.Errorf("one card: %+v", r.Problems)
	}
	// A Leader card in the main deck is not one of its cards.
	r = check("fw-standard", "Leader:\n1 FS01-01\n"+strings.Replace(base, "1 FS01-01 Son Goku\n", "", 1)+"1 FB01-001\n")
	if r.Main != 50 || len(r.Problems) != 1 || r.Problems[0].Code != "leader-in-deck" {
		t.Errorf("leader in deck: main %d %+v", r.Main, r.Problems)
	}
}

// An unreadable paste is exit 2 naming the line, never a count of 1.
func TestDeckCheckAmbiguousLineIsAnError(t *testing.T) {
	deck := writeDeck(t, fs01(t)+"FB01-037 (4)\n")
	code, out, errOut := runCLI(t, "", "deck", "check", "--format", "fw-standard", "--date", "2026-06-01", "--cards", fwCards, deck)
	if code != 2 || out != "" || !strings.Contains(errOut, "line 19") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}

// A bad card file names the field (docs/card-csv.md).
func TestDeckCheckCardFileErrorNamesTheField(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "cards.json")
	_ = os.WriteFile(bad, []byte(`[{"number":"FS01-01","name":"Son Goku","type":"Leader","cost":"lots"}]`), 0o644)
	code, _, errOut := runCLI(t, "", "deck", "check", "--format", "fw-standard", "--date", "2026-06-01", "--cards", bad, fs01Deck)
	if code != 2 || !strings.Contains(errOut, `record 1 (card FS01-01): line 1: "cost" should be a whole number, not "lots"`) {
		t.Errorf("exit %d: %s", code, errOut)
	}
}

// deck check without --cards, and banlist show --stored, only read the
// database: when there is none they say what to do and create nothing, in
// the data directory given or in ./tenkaichi-data by default.
func TestDeckCheckAndBanlistShowCreateNoDatabase(t *testing.T) {
	runIn := func(dataEnv string, args ...string) (int, string) {
		var out, errb bytes.Buffer
		env := &cliEnv{stdin: strings.NewReader(""), stdout: &out, stderr: &errb, getenv: func(k string) string {
			if k == "TENKAICHI_DATA" {
				return dataEnv
			}
			return ""
		}}
		return run(context.Background(), env, args), errb.String()
	}
	deckArgs := []string{"deck", "check", "--format", "fw-standard", "--date", "2026-06-01", fs01Deck}
	banArgs := []string{"banlist", "show", "--game", "fusion-world", "--date", "2026-06-01", "--stored"}

	// The default data directory, relative to the current directory.
	cwd := t.TempDir()
	t.Chdir(cwd)
	for _, args := range [][]string{deckArgs, banArgs} {
		code, errOut := runIn("", args...)
		if code != 2 {
			t.Errorf("%v: exit %d: %s", args[:2], code, errOut)
		}
		if _, err := os.Stat(filepath.Join(cwd, defaultDataDir)); !os.IsNotExist(err) {
			t.Fatalf("%v created %s (stat: %v)", args[:2], defaultDataDir, err)
		}
	}
	if code, errOut := runIn("", deckArgs...); code != 2 || !strings.Contains(errOut, "cards import") || !strings.Contains(errOut, "--cards") ||
		!strings.Contains(errOut, filepath.Join("tenkaichi-data", "tenkaichi.db")) {
		t.Errorf("deck check message: %s", errOut)
	}
	if _, errOut := runIn("", banArgs...); !strings.Contains(errOut, "banlist import") || !strings.Contains(errOut, "--stored") {
		t.Errorf("banlist show message: %s", errOut)
	}

	// A data directory that does not exist, given by --data.
	missing := filepath.Join(t.TempDir(), "nowhere")
	for _, args := range [][]string{deckArgs, banArgs} {
		if code, errOut := runIn("", append(args, "--data", missing)...); code != 2 {
			t.Errorf("%v --data: exit %d: %s", args[:2], code, errOut)
		}
		if _, err := os.Stat(missing); !os.IsNotExist(err) {
			t.Fatalf("%v created %s", args[:2], missing)
		}
	}
	// An existing empty directory gets no database file either.
	empty := t.TempDir()
	runIn(empty, deckArgs...)
	if entries, _ := os.ReadDir(empty); len(entries) != 0 {
		t.Errorf("deck check wrote %v into the data directory", entries)
	}
}

func TestBanlistShow(t *testing.T) {
	code, out, _ := runCLI(t, "", "banlist", "show", "--game", "fusion-world", "--date", "2026-06-01")
	if code != 0 || !strings.Contains(out, "March 2026") || !strings.Contains(out, "FB01-056") || !strings.Contains(out, "limited to 1") {
		t.Errorf("exit %d:\n%s", code, out)
	}
	code, out, _ = runCLI(t, "", "banlist", "show", "--game", "fusion-world", "--date", "2026-01-01")
	if code != 0 || !strings.Contains(out, "No Fusion World ban list") {
		t.Errorf("exit %d:\n%s", code, out)
	}
	code, out, _ = runCLI(t, "", "banlist", "show", "--game", "masters", "--date", "2026-06-20", "--banlist", mastersBans, "--json")
	var v struct {
		Name    string
		Entries []json.RawMessage
	}
	if code != 0 || json.Unmarshal([]byte(out), &v) != nil || len(v.Entries) != 90 {
		t.Errorf("exit %d:\n%.300s", code, out)
	}
	if code, _, _ := runCLI(t, "", "banlist", "show", "--game", "chess", "--date", "2026-06-01"); code != 2 {
		t.Errorf("unknown game: exit %d", code)
	}
}
