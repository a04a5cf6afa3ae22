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
	fwCards      = filepath.Join("..", "..", "..", "shared", "data", "fusion-world-cards.json")
	fs01Deck     = filepath.Join("..", "..", "..", "shared", "data", "decklists", "fs01-starter-son-goku-seed.txt")
	mastersBans  = filepath.Join("..", "..", "..", "shared", "data", "masters-banlist-2026-06.json")
	mastersCards = filepath.Join("..", "..", "..", "shared", "data", "masters-cards-2021.json")
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
	code, _, errOut := runCLI(t, "", "deck", "check", "--help")
	if code != 0 || !strings.Contains(errOut, "--format FORMAT --date YYYY-MM-DD") {
		t.Errorf("exit %d: %s", code, errOut)
	}
}

func TestBanlistShow(t *testing.T) {
	code, out, _ := runCLI(t, "", "banlist", "show", "--game", "fusion-world", "--date", "2026-06-01")
	if code != 0 || !strings.Contains(out, "March 2026") || !strings.Contains(out, "FB01-056") || !strings.Contains(out, "limited to 1") {
		t.Errorf("exit %d:\n%s", code, out)
	}
	code, out, _ = runCLI(t, "", "banlist", "show", "--game", "fusion-world", "--date", "2026-01-01")
	if code != 0 || !strings.Contains(out, "No fusion-world ban list") {
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
