package enginetext

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/tenkaichi-org/tenkaichi/rules/engine"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// engineFormatREs find the sentences of the engine's source: the formats of
// violation, logError, event, auto and skillEvent calls, of Event and
// Sentence literals, of ownRef's and findOwnBattle's sentences and of the
// maps and variables that hold whole sentences (powerFormats, format = …).
var engineFormatREs = func() []*regexp.Regexp {
	lit := `("(?:[^"\\]|\\.)*")`
	var out []*regexp.Regexp
	for _, p := range []string{
		`\b(?:violation|event|auto)\((?:"[^"]*"|[^,()"]+(?:\([^()]*\))?),\s*` + lit,
		`\bskillEvent\([^,()]+,\s*` + lit,
		`\blogError\(` + lit,
		`\bFormat:\s*` + lit,
		`\bSentence\{` + lit,
		`\bskill\.\w+:\s*` + lit,
		`\b(?:ownRef|findOwnBattle)\([^\n]*,\s*` + lit + `\)`,
		`\bformat\s*=\s*(?:[^,\n"]+,\s*)?` + lit,
		`\bEngineFailure\s*=\s*` + lit,
	} {
		out = append(out, regexp.MustCompile(p))
	}
	return out
}()

func engineSourceFormats(t *testing.T) map[string]bool {
	t.Helper()
	// The engine and its sub-packages (the game log's notation, gamelog).
	files, err := filepath.Glob("../../rules/engine/*.go")
	if err != nil {
		t.Fatal(err)
	}
	sub, err := filepath.Glob("../../rules/engine/*/*.go")
	if err != nil {
		t.Fatal(err)
	}
	files = append(files, sub...)
	out := map[string]bool{}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, re := range engineFormatREs {
			for _, m := range re.FindAllStringSubmatch(string(src), -1) {
				var s string
				if err := json.Unmarshal([]byte(m[1]), &s); err != nil {
					t.Fatalf("%s: %s: %v", f, m[1], err)
				}
				if s != "" {
					out[s] = true
				}
			}
		}
	}
	if len(out) < 200 {
		t.Fatalf("found only %d sentences in the engine: are the patterns still right?", len(out))
	}
	return out
}

// reworded are the sentences whose English message is not the format word
// for word: the format writes "card(s)" where the count is unknown.
var reworded = map[string]string{
	"%s: name the card(s) %s discards after -> (for example %s:?)": "V1: name each card V2 discards after -> (for example V3:?)",
}

// Every sentence of the engine has its message, word for word the English
// of the format (a count's "(s)" a real plural), and every language says
// it otherwise, with every value: the sentences keyed by their format
// (messageIDs) and those with their own message id (engine.Messages, the
// effect kinds'), each defined once.
func TestEngineSentencesHaveMessages(t *testing.T) {
	src := engineSourceFormats(t)
	for f := range src {
		if _, ok := messageIDs[f]; !ok {
			t.Errorf("the engine's sentence %q has no message in messageIDs", f)
		}
	}
	for f, id := range messageIDs {
		if !src[f] {
			t.Errorf("%s: %q is not a sentence of the engine any more", id, f)
		}
	}
	for format := range src {
		checkSentence(t, format, func(ctx context.Context, args []any) string { return Text(ctx, format, args) })
	}
	msgs := engine.Messages()
	if len(msgs) < 50 {
		t.Fatalf("only %d sentences of the engine have their message id", len(msgs))
	}
	ids := map[string]bool{}
	for _, m := range msgs {
		if id, dup := messageIDs[m.Format]; dup {
			t.Errorf("%s: %q is in messageIDs too, as %s", m.ID, m.Format, id)
		}
		if ids[m.ID] {
			t.Errorf("%s is the message of two sentences", m.ID)
		}
		ids[m.ID] = true
		if !i18n.Has(m.ID) {
			t.Errorf("%s (%q) is in no English message file", m.ID, m.Format)
		}
		checkSentence(t, m.Format, func(ctx context.Context, args []any) string {
			return Event(ctx, engine.Event{ID: m.ID, Format: m.Format, Args: args})
		})
	}
}

// checkSentence checks that render says the engine's sentence format in
// English word for word, and in every other language otherwise, with every
// value.
func checkSentence(t *testing.T, format string, render func(context.Context, []any) string) {
	t.Helper()
	verbs := formatVerbs(format)
	args := make([]any, len(verbs))
	for i, v := range verbs {
		switch v[len(v)-1] {
		case 'd':
			args[i] = 7001 + i
		default:
			args[i] = fmt.Sprintf("V%d", i+1)
		}
	}
	// The values are many: the English is the plural, "cards".
	want := fmt.Sprintf(strings.ReplaceAll(format, "(s)", "s"), args...)
	if w, ok := reworded[format]; ok {
		want = w
	}
	if got := render(context.Background(), args); got != want {
		t.Errorf("%q in English:\n got %q\nwant %q", format, got, want)
	}
	if strings.Contains(format, "(s)") {
		if _, ok := counts[format]; !ok && reworded[format] == "" {
			t.Errorf("%q writes (s) but has no count in counts", format)
		}
	}
	for _, lang := range []string{"de", "fr", "es", "it", "pt-BR", "ja"} {
		got := render(i18n.WithLanguage(context.Background(), lang), args)
		if got == want && format != "%s" {
			t.Errorf("%q in %s is English: %q", format, lang, got)
		}
		for i, a := range args {
			s := fmt.Sprintf(verbs[i], a)
			if _, isWord := engineWords[format][i]; !isWord && !strings.Contains(got, s) {
				t.Errorf("%q in %s lacks the value %s: %q", format, lang, s, got)
			}
		}
	}
}

// The words inside a sentence are said in the language too: a zone, a card
// type, a colour, and a sentence inside a sentence.
func TestEngineTextTranslatesItsWords(t *testing.T) {
	de := i18n.WithLanguage(context.Background(), "de")
	got := Text(de, "%s has no %s in their %s", []any{engine.P1, "FS01-07", engine.ZoneDrop})
	if strings.Contains(got, "drop") || !strings.Contains(got, "FS01-07") || !strings.Contains(got, "P1") {
		t.Errorf("zone word: %q", got)
	}
	inner := engine.Sentence{Format: "%s has no energy marker to pay with", Args: []any{engine.P2}}
	got = Text(de, "%s costs %d: %s", []any{"FS01-16 [Activate Main]", 2, inner})
	if strings.Contains(got, "no energy marker") || !strings.Contains(got, Text(de, inner.Format, inner.Args)) {
		t.Errorf("sentence inside: %q", got)
	}
	got = Text(de, "%s has too little Active %s energy for the cost's %d %s orb(s)", []any{engine.P1, "Red", 1, "Red"})
	if strings.Contains(got, "Red") || !strings.Contains(got, i18n.T(de, "JudgeDeckColourRed", nil)) {
		t.Errorf("colour word: %q", got)
	}
	if got := Text(de, "a format the engine does not have %d", []any{3}); got != "a format the engine does not have 3" {
		t.Errorf("unknown format: %q", got)
	}
}
