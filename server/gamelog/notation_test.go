package gamelog

import (
	"testing"

	"github.com/tenkaichi-org/tenkaichi/rules/engine"
)

// WithNotation writes the version into a log that says none, text or JSON,
// and leaves alone a log that says one or does not read.
func TestWithNotation(t *testing.T) {
	text := "[Seed \"1\"]\n[P1Leader \"FS01-01\"]\n[P2Leader \"FS02-01\"]\nP1 first\n"
	json := `{"setup": {"seed": 1, "players": [{"leader": "FS01-01"}, {"leader": "FS02-01"}]}, "actions": []}`
	for _, c := range []struct{ name, body, want string }{
		{"text", text, "[Notation \"1\"]\n" + text},
		{"JSON", json, `{"setup": {"notation":1,"seed": 1, "players": [{"leader": "FS01-01"}, {"leader": "FS02-01"}]}, "actions": []}`},
		{"tagged", "[Notation \"2\"]\n" + text, "[Notation \"2\"]\n" + text},
		{"unreadable", "P1 teleport\n", "P1 teleport\n"},
	} {
		got := WithNotation(c.body, NotationDeclared)
		if got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
		if l, err := engine.ParseLog([]byte(got)); c.name != "unreadable" && (err != nil || !l.Setup.DeclaresEffects() && c.name != "tagged") {
			t.Errorf("%s: %v %+v", c.name, err, l)
		}
	}
}
