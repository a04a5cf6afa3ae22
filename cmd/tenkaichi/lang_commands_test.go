package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"
)

// messageFiles are the catalogue's files the command line's output comes
// from: its own messages and the deck problems it shares with the pages.
var messageFiles = []string{"cli", "deck", "common", "staff"}

// catalogue is every message of a language as its files have them: each id
// with its text, or each of its plural forms; from messageFiles, or from
// the areas named.
func catalogue(t *testing.T, lang string, areas ...string) map[string][]string {
	t.Helper()
	if len(areas) == 0 {
		areas = messageFiles
	}
	out := map[string][]string{}
	for _, area := range areas {
		b, err := os.ReadFile(filepath.Join("..", "..", "views", "i18n", "messages", area+"."+lang+".json"))
		if err != nil {
			t.Fatal(err)
		}
		var raw map[string]json.RawMessage
		if err := json.Unmarshal(b, &raw); err != nil {
			t.Fatal(err)
		}
		for id, v := range raw {
			var one string
			if json.Unmarshal(v, &one) == nil {
				out[id] = []string{one}
				continue
			}
			var forms map[string]string
			if err := json.Unmarshal(v, &forms); err != nil {
				t.Fatalf("%s.%s.json %s: %v", area, lang, id, err)
			}
			for _, f := range forms {
				out[id] = append(out[id], f)
			}
		}
	}
	return out
}

var placeholderRE = regexp.MustCompile(`\{\{\.[A-Za-z0-9]+\}\}`)

// squeeze drops every space and line break: --help wraps its text at 80
// columns, in Japanese between any two characters.
func squeeze(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) {
			return -1
		}
		return r
	}, s)
}

// says reports whether out says message id (any of its forms) in the
// language of cat, whatever its values and however it was wrapped.
func says(cat map[string][]string, id, out string) bool {
	for _, form := range cat[id] {
		parts := placeholderRE.Split(squeeze(form), -1)
		for i, p := range parts {
			parts[i] = regexp.QuoteMeta(p)
		}
		if regexp.MustCompile("(?s)" + strings.Join(parts, ".+?")).MatchString(squeeze(out)) {
			return true
		}
	}
	return false
}

// englishLeft lists the English phrases of the command line's messages
// (three words or more between two values) that out still has, leaving out
// commands and file names the language's translation of the same message
// keeps as they are.
func englishLeft(en, cat map[string][]string, out string) []string {
	var left []string
	plain := squeeze(out)
	for id, forms := range en {
		translated := squeeze(strings.Join(cat[id], "\n"))
		for _, form := range forms {
			for _, frag := range placeholderRE.Split(form, -1) {
				for _, line := range strings.Split(frag, "\n") {
					line = strings.Trim(line, " :;,.()")
					if len(strings.Fields(line)) < 3 || len(squeeze(line)) < 12 {
						continue
					}
					s := squeeze(line)
					if strings.Contains(translated, s) && strings.ContainsAny(line, "-'\"/$_=") {
						continue // a command or file name the translation keeps
					}
					if strings.Contains(plain, s) {
						left = append(left, id+": "+line)
					}
				}
			}
		}
	}
	return left
}

// Every command's human output, help and errors come in the language the
// command line speaks: German by --lang, Japanese by the locale. Each check
// takes the words from the message files, so it follows the translations;
// an English phrase of the messages left in the output fails; JSON output
// is the same as in English.
func TestCommandsInGermanAndJapanese(t *testing.T) {
	en := catalogue(t, "en")
	illegal := writeDeck(t, fs01(t)+"1 FB01-056 Pilaf\n")
	log := writeLog(t, shortLog)
	illegalLog := writeLog(t, strings.Replace(shortLog, "P2 attack FS02-05 -> leader", "P1 attack leader -> leader", 1))
	cards := replayCards(t)

	// The JSON of pair, standings and topcut in English, to compare with.
	english := map[string]string{}
	for _, cmd := range []string{"pair", "standings", "topcut"} {
		args := []string{cmd, "--in", pairExample}
		if cmd == "topcut" {
			args = append(args, "--size", "4")
		}
		code, out, errs := runPairingCLI("", args...)
		if code != 0 {
			t.Fatalf("%s in English: %d %s", cmd, code, errs)
		}
		english[cmd] = out
	}
	if code, out, errs := runPairingCLI("", "ratings", "--json", topCutExport); code != 0 {
		t.Fatalf("ratings in English: %d %s", code, errs)
	} else {
		english["ratings"] = out
	}

	for _, lang := range []string{"de", "ja"} {
		t.Run(lang, func(t *testing.T) {
			cat := catalogue(t, lang)
			data := t.TempDir()
			vars := map[string]string{"TENKAICHI_DATA": data}
			var langArgs []string
			if lang == "ja" {
				vars["LANG"] = "ja_JP.UTF-8"
			} else {
				langArgs = []string{"--lang", lang}
			}
			// cmd runs a command and checks its output (standard output
			// and error together) says each of the messages want and no
			// English phrase of the catalogue.
			cmd := func(wantCode int, want []string, args ...string) string {
				t.Helper()
				var out, errb bytes.Buffer
				env := &cliEnv{stdin: strings.NewReader(""), stdout: &out, stderr: &errb, getenv: func(k string) string { return vars[k] }}
				code := run(context.Background(), env, append(append([]string{}, langArgs...), args...))
				all := out.String() + errb.String()
				if code != wantCode {
					t.Errorf("%v: exit %d, want %d\n%s", args, code, wantCode, all)
				}
				for _, id := range want {
					if !says(cat, id, all) {
						t.Errorf("%v does not say %s in %s:\n%s", args, id, lang, all)
					}
				}
				if left := englishLeft(en, cat, all); len(left) > 0 {
					t.Errorf("%v in %s still says in English:\n  %s\n%s", args, lang, strings.Join(left, "\n  "), all)
				}
				return out.String()
			}

			// Nothing stored yet: what to do first, in the language.
			cmd(2, []string{"CliCommandError", "CliNoCardPool"}, "deck", "check", "--format", "fw-standard", "--date", "2026-06-01", illegal)
			cmd(2, []string{"CliBanlistNoStored"}, "banlist", "show", "--game", "fusion-world", "--date", "2026-06-01", "--stored")
			cmd(1, []string{"CliBackupNoDatabase"}, "backup", filepath.Join(t.TempDir(), "copy.db"))

			cmd(0, []string{"CliCardsStored"}, "cards", "import", fwCards)
			cmd(0, []string{"CliBanListStored"}, "banlist", "import", mastersBans)
			cmd(2, []string{"CliCardsImportOneFile"}, "cards", "import")
			cmd(2, []string{"CliInputError", "FileCardsUnrecognised"}, "cards", "import", writeDeck(t, "not a card list"))
			// A card list's or ban list's problem keeps its place: the line,
			// card and column; the version and entry; a JSON value's line.
			cmd(2, []string{"CliInputError", "FileAtLineOfCard", "FileInColumn", "FileWholeNumber"}, "cards", "import",
				writeDeck(t, "number,name,type,power\nFB01-001,Son Goku,Leader,15000\nFB01-003,Vados,Battle,ten\n"))
			cmd(2, []string{"CliInputError", "FileAtRecordOfCard", "JsonWantWhole"}, "cards", "import",
				writeDeck(t, "[{\"number\":\"FB01-001\",\"name\":\"A\",\"type\":\"Leader\",\n\"cost\":\"lots\"}]"))
			cmd(2, []string{"CliInputError", "FileBanListVersion", "FileBansLimit"}, "banlist", "import",
				writeDeck(t, `{"game":"fusion-world","name":"X","effective":"2026-03-01","entries":[{"number":"FB01-001","status":"limited"}]}`))
			cmd(2, []string{"CliInputError", "JsonUnknownFieldIn"}, "banlist", "import",
				writeDeck(t, `{"game":"fusion-world","name":"X","effective":"2026-03-01","entries":[{"number":"FB01-001","status":"banned","limt":2}]}`))

			// deck check: the verdict, the counts and the problems, worded
			// as the pages word them.
			out := cmd(1, []string{"CliDeckNotLegal", "CliDeckSummary", "CliDeckBanList", "CliDeckProblemAtLine", "JudgeDeckBanned"},
				"deck", "check", "--format", "fw-standard", "--date", "2026-06-01", illegal)
			if !strings.Contains(out, "FB01-056 Pilaf") {
				t.Errorf("deck check: the banned card is not named:\n%s", out)
			}
			cmd(0, []string{"CliDeckLegal"}, "deck", "check", "--format", "fw-standard", "--date", "2026-06-01", fs01Deck)
			cmd(2, []string{"CliUnknownFormat"}, "deck", "check", "--format", "chess", "--date", "2026-06-01", illegal)
			cmd(2, []string{"CliBadDate"}, "deck", "check", "--format", "fw-standard", "--date", "June", illegal)
			cmd(2, []string{"CliDateRequired"}, "deck", "check", "--format", "fw-standard", illegal)
			cmd(2, []string{"CliFlagUnknown", "CliCommandUsage", "CliDeckCheckHelp", "CliOptions", "CliFormatFlag", "CliDeckDateFlag", "CliCardsFlag", "CliBanlistFlag", "CliDeckJSONFlag", "CliDataFlag", "CliFlagDefault"},
				"deck", "check", "--frmat", "fw-standard", illegal)
			cmd(2, []string{"CliOneStdin"}, "deck", "check", "--format", "fw-standard", "--date", "2026-06-01", "--cards", "-", "-")

			cmd(0, []string{"CliBanListInForce", "CliBanBanned", "CliBanLimited"}, "banlist", "show", "--game", "fusion-world", "--date", "2026-06-01")
			cmd(0, []string{"CliNoBanListInForce"}, "banlist", "show", "--game", "fusion-world", "--date", "2026-01-01")
			cmd(2, []string{"CliBadGame"}, "banlist", "show", "--game", "chess", "--date", "2026-06-01")
			cmd(0, []string{"CliBanlistShowHelp", "CliGameFlag", "CliBanlistShowDateFlag", "CliBanlistShowJSONFlag", "CliBanlistStoredFlag"}, "banlist", "show", "--help")

			cmd(0, []string{"CliCoverageCards", "CliCoverageTextKnown", "CliCoverageTextNotKnown", "CliCoverageUnderstood", "CliCoverageWithSkills", "CliCoverageApplied", "CliCoveragePhrases", "CliCoverageSkillLines", "CliCoverageMore"},
				"cards", "coverage", "--top", "3")
			cmd(2, []string{"CliFlagBadValue", "CliCardsCoverageHelp", "CliCoverageTopFlag"}, "cards", "coverage", "--top", "many")
			cmd(2, []string{"CliCoverageBadTop"}, "cards", "coverage", "--top", "-1")
			// cards explain reads the stored card pool; the card text stays
			// as printed.
			cmd(0, []string{"CliExplainCard", "CliExplainSkill", "CliExplainTiming", "CliExplainEffect", "CliExplainEffectValues", "CliExplainTarget", "CliExplainAmount", "CliExplainForTurn"},
				"cards", "explain", "FS01-02")
			cmd(0, []string{"CliExplainUnread"}, "cards", "explain", "FB06-119")
			cmd(0, []string{"CliExplainFrom"}, "cards", "explain", "FB01-131")
			cmd(1, []string{"CliExplainUnknownCard"}, "cards", "explain", "FS01-99")
			cmd(2, []string{"CliExplainOneNumber", "CliCardsExplainHelp", "CliExplainCardsFlag", "CliExplainJSONFlag"}, "cards", "explain")

			backup := filepath.Join(t.TempDir(), "copy.db")
			cmd(0, []string{"CliBackedUp", "CliSizeMB"}, "backup", backup)
			cmd(0, []string{"CliRestored", "CliRestoreKept"}, "restore", backup)
			cmd(2, []string{"CliBackupOneFile"}, "backup")
			cmd(2, []string{"CliRestoreOneFile"}, "restore")
			cmd(0, []string{"CliBackupHelp"}, "backup", "-h")
			cmd(0, []string{"CliRestoreHelp"}, "restore", "--help")
			cmd(2, []string{"CliRestoreFailed", "CliStandardInput"}, "restore", "-")
			vars["DATABASE_URL"] = "postgres://nobody@127.0.0.1:1/none"
			cmd(2, []string{"CliPostgresBackup"}, "backup", backup)
			delete(vars, "DATABASE_URL")

			// pair, standings, topcut: errors and help in the language,
			// the JSON exactly as in English.
			for _, c := range []string{"pair", "standings", "topcut"} {
				args := []string{c, "--in", pairExample}
				if c == "topcut" {
					args = append(args, "--size", "4")
				}
				if got := cmd(0, nil, args...); got != english[c] {
					t.Errorf("%s --in in %s: the JSON differs from English:\n%s", c, lang, got)
				}
				cmd(2, []string{"CliEventFileRequired"}, c)
				cmd(2, []string{"CliFlagNeedsValue"}, c, "--in")
				cmd(2, []string{"CliEventFileUnexpectedArg"}, c, pairExample)
				cmd(0, []string{"CliEventFileFlag"}, c, "-h")
			}
			cmd(0, []string{"CliPairHelp", "CliPairExplainFlag", "CliPairExactFlag"}, "pair", "--help")
			cmd(0, []string{"CliStandingsHelp", "CliTiebreakersFlag"}, "standings", "--help")
			cmd(0, []string{"CliTopcutHelp", "CliTopcutSizeFlag"}, "topcut", "--help")
			cmd(2, []string{"CliTopcutBadSize"}, "topcut", "--in", pairExample, "--size", "1")
			// An event file the pairing tools refuse, and what they refuse to
			// pair, said as the rounds page says it.
			const players = `"players": [{"id": "a"}, {"id": "b"}, {"id": "c"}, {"id": "d"}]`
			cmd(2, []string{"CliInputError", "EventFileAtMatch", "EventFileUnknownPlayer"}, "pair", "--in",
				writeEvent(t, `{`+players+`, "rounds": [{"number": 1, "matches": [{"p1": "a", "p2": "x"}]}]}`))
			cmd(2, []string{"CliInputError", "EventFileNotValid", "JsonWantWhole"}, "standings", "--in",
				writeEvent(t, "{"+players+",\n \"rounds\": [{\"number\": \"one\", \"matches\": []}]}"))
			cmd(2, []string{"EventFileUnknownProfile"}, "standings", "--in", pairExample, "--tiebreakers", "chess")
			cmd(2, []string{"StaffPairingNoResultAtTable"}, "pair", "--in",
				writeEvent(t, `{`+players+`, "rounds": [{"number": 1, "matches": [{"table": 1, "p1": "a", "p2": "b", "result": "p1"}, {"table": 2, "p1": "c", "p2": "d"}]}]}`))

			// ratings: the table, its refusals (each of the ratings' own
			// problems) and its help in the language, the JSON as in English.
			cmd(0, []string{"CliRatingsHeader", "CliRatingsMember", "CliRatingsSummary"}, "ratings", topCutExport)
			if got := cmd(0, nil, "ratings", "--json", topCutExport); got != english["ratings"] {
				t.Errorf("ratings --json in %s: the JSON differs from English:\n%s", lang, got)
			}
			cmd(2, []string{"CliRatingsNoFiles", "CliRatingsHelp", "CliRatingsJSONFlag"}, "ratings")
			cmd(2, []string{"CliInputError", "CliRatingsSameName"}, "ratings",
				writeEvent(t, `{"players": [{"id": "a", "name": "Ann"}, {"id": "b", "name": "Ann"}], "rounds": []}`))
			cmd(2, []string{"CliInputError", "CliRatingsSameMember"}, "ratings",
				writeEvent(t, `{"players": [{"id": "a"}, {"id": "b"}], "rounds": [], "tenkaichi": {"entries": [{"id": "a", "member_id": "7"}, {"id": "b", "member_id": "7"}]}}`))
			cmd(2, []string{"CliInputError", "CliRatingsUnknownPlayer"}, "ratings",
				writeEvent(t, `{"players": [{"id": "a"}, {"id": "b"}], "rounds": [], "tenkaichi": {"rounds_meta": [{"number": 1, "kind": "top-cut", "matches": [{"p1": "a", "p2": "c", "result": "p1"}]}]}}`))

			// replay: the lines around the engine's own words.
			cmd(0, []string{"CliReplayStart", "CliReplayStep", "CliReplayEvent", "CliReplayEventEngine", "CliReplayLegal"}, "replay", "--cards", cards, log)
			cmd(0, []string{"CliReplayNoCards"}, "replay", log)
			cmd(1, []string{"CliReplayFirstViolation", "CliReplayViolation", "CliReplayRule"}, "replay", "--cards", cards, illegalLog)
			cmd(2, []string{"CliReplayBadUntil"}, "replay", "--until", "-1", log)
			cmd(2, []string{"CliReplayOneFile", "CliReplayHelp", "CliReplayCardsFlag", "CliReplayJSONFlag", "CliReplayUntilFlag", "CliReplayRunOnFlag"}, "replay")
			cmd(2, []string{"CliReadingCards"}, "replay", "--cards", filepath.Join(t.TempDir(), "missing.json"), log)

			cmd(2, []string{"CliServeBadLogLevel"}, "serve", "--log-level", "loud")
			cmd(2, []string{"CliServeBadProxy"}, "serve", "--trusted-proxies", "proxy.local")
			cmd(0, []string{"CliUsage", "CliCommands", "CliSummaryDeckCheck", "CliSummaryReplay", "CliSummaryRatings", "CliCommandHelp", "CliLangHelp"}, "help")
		})
	}
}

// The usage and every command's --help fit a terminal of 80 columns in
// every language (a wide Japanese character takes two), and a wrapped line
// never starts with closing punctuation nor splits "[--flag VALUE]".
func TestHelpFitsEightyColumnsInEveryLanguage(t *testing.T) {
	for _, lang := range strings.Split(offeredLanguages(), ", ") {
		for _, name := range append([]string{""}, sortedNames()...) {
			args := append([]string{"--lang", lang}, strings.Fields(name)...)
			var out bytes.Buffer
			env := &cliEnv{stdin: strings.NewReader(""), stdout: &out, stderr: &out, getenv: func(string) string { return "" }}
			if code := run(context.Background(), env, append(args, "--help")); code != 0 {
				t.Errorf("%v --help: exit %d\n%s", args, code, out.String())
			}
			synopsis := true // the lines before the first blank one
			for _, line := range strings.Split(out.String(), "\n") {
				synopsis = synopsis && line != ""
				if w := textWidth(line); w > lineWidth {
					t.Errorf("%s %q --help: a line of %d columns:\n%s", lang, name, w, line)
				}
				trimmed := []rune(strings.TrimLeft(line, " "))
				if len(trimmed) > 0 && closesText(trimmed[0]) && trimmed[0] != '-' {
					t.Errorf("%s %q --help: a line starts with %q:\n%s", lang, name, trimmed[0], line)
				}
				if synopsis && strings.Count(line, "[") != strings.Count(line, "]") {
					t.Errorf("%s %q --help: an option split over two lines:\n%s", lang, name, line)
				}
			}
		}
	}
}

func TestWrapJapanese(t *testing.T) {
	// Ten columns are five wide characters; 。 and 、 stay with the
	// character before them.
	got := wrap("あいうえお。かきくけこ、さしすせそ", 10)
	if want := "あいうえ|お。かきく|けこ、さし|すせそ"; strings.Join(got, "|") != want {
		t.Errorf("wrap = %q, want %q", strings.Join(got, "|"), want)
	}
	if got := wrap("Prüft eine Deckliste gegen ein Format", 16); strings.Join(got, "|") != "Prüft eine|Deckliste gegen|ein Format" {
		t.Errorf("Latin text wraps at spaces: %q", got)
	}
	if got := wrap("les listes intégrées. Jeux : fusion-world", 26); strings.Join(got, "|") != "les listes intégrées.|Jeux : fusion-world" {
		t.Errorf("French keeps its colon with the word before: %q", got)
	}
}

// The JSON of deck check and banlist show is the same whatever language
// the command line speaks: English keys and the rules package's English
// messages, for scripts.
func TestJSONOutputDoesNotFollowTheLanguage(t *testing.T) {
	illegal := writeDeck(t, fs01(t)+"1 FB01-056 Pilaf\n")
	commands := [][]string{
		{"deck", "check", "--format", "fw-standard", "--date", "2026-06-01", "--cards", fwCards, "--json", illegal},
		{"banlist", "show", "--game", "fusion-world", "--date", "2026-06-01", "--json"},
	}
	for _, args := range commands {
		_, english, errs := runCLI(t, "", args...)
		if english == "" || !strings.Contains(english, `"`) {
			t.Fatalf("%v in English: no JSON (%s)", args, errs)
		}
		for _, lang := range []string{"de", "ja", "pt-BR"} {
			_, got, _ := runCLI(t, "", append([]string{"--lang", lang}, args...)...)
			if got != english {
				t.Errorf("%v --lang %s: the JSON differs from English:\n%s\nwant\n%s", args, lang, got, english)
			}
		}
	}
}
