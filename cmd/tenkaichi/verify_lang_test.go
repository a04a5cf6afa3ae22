package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// verify speaks the command line's language: its verdicts, every problem
// (the pairs, the bye, the certificate's findings) and its help; its JSON
// stays English.
func TestVerifyInGermanAndJapanese(t *testing.T) {
	en := catalogue(t, "en")
	ev := readPaired(t)
	ev.Seed++                                      // round 1 on: another seed, a record that says so
	ev.Rounds[3].Pairing.Certificate.Duals[0] += 2 // a pair not tight
	ms := ev.TopCut.Rounds[0].Matches              // a top-cut match not in the bracket
	ms[0].P2, ms[1].P2 = ms[1].P2, ms[0].P2
	wrong := writeEventFile(t, ev)
	_, englishJSON, _ := runPairingCLI("", "verify", "--json", "--in", wrong)

	for _, lang := range []string{"de", "ja"} {
		t.Run(lang, func(t *testing.T) {
			cat := catalogue(t, lang)
			vars := map[string]string{}
			var langArgs []string
			if lang == "ja" {
				vars["LANG"] = "ja_JP.UTF-8"
			} else {
				langArgs = []string{"--lang", lang}
			}
			runIn := func(args ...string) (int, string, string) {
				var out, errb bytes.Buffer
				env := &cliEnv{stdin: strings.NewReader(""), stdout: &out, stderr: &errb, getenv: func(k string) string { return vars[k] }}
				code := run(context.Background(), env, append(append([]string{}, langArgs...), args...))
				return code, out.String(), errb.String()
			}
			cmd := func(wantCode int, want []string, args ...string) {
				t.Helper()
				code, out, errs := runIn(args...)
				all := out + errs
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
			}
			cmd(0, []string{"CliVerifyRoundCertified", "CliVerifyTopCutHolds", "CliVerifyAllHold"}, "verify", "--in", pairedEvent)
			cmd(1, []string{"CliVerifyRoundFails", "CliVerifyRecordSeed", "CliVerifyRecordStandings", "CliVerifyByeRank",
				"CliVerifyAtMatch", "CliVerifyWeight", "CliVerifyNotSeeded", "CliVerifyPair", "CliVerifyMorePairs",
				"CliVerifyCertNotTight", "CliVerifyTopCutFails", "CliVerifyAtCutMatch", "CliVerifyCutNotInBracket", "CliVerifySomeFailAndTopCut", "CliVerifyListItem"},
				"verify", "--in", wrong)
			cmd(0, []string{"CliVerifyHelp", "CliVerifyRoundFlag", "CliVerifyExactFlag", "CliVerifyJSONFlag", "CliEventFileFlag"}, "verify", "--help")
			cmd(0, []string{"CliPairRecordFlag"}, "pair", "--help")
			cmd(2, []string{"CliCommandError", "CliVerifyNoSuchRound"}, "verify", "--in", pairedEvent, "--round", "6")
			cmd(2, []string{"CliEventFileRequired"}, "verify")
			if code, got, _ := runIn("verify", "--json", "--in", wrong); code != 1 || got != englishJSON {
				t.Errorf("exit %d; the JSON differs from English:\n%s", code, got)
			}
		})
	}
}
