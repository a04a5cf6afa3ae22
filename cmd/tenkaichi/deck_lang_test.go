package main

import (
	"context"
	"strings"
	"testing"

	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// 'deck check' says a line it cannot read in the command line's language,
// naming the line, and a problem's rule label too ("Card pool"); English
// keeps the rules package's words.
func TestDeckCheckReadErrorInGerman(t *testing.T) {
	de := i18n.WithLanguage(context.Background(), "de")
	bad := writeDeck(t, fs01(t)+"four of FS01-04\n") // line 19
	code, out, errs := runCLI(t, "", "--lang", "de", "deck", "check", "--format", "fw-standard", "--date", "2026-06-01", "--cards", fwCards, bad)
	if code != 2 {
		t.Errorf("exit %d, want 2\n%s%s", code, out, errs)
	}
	want := i18n.T(de, "DeckReadCountBefore", i18n.Args{"Line": 19, "Text": "four of FS01-04"})
	if !strings.Contains(errs, want) || !strings.Contains(errs, "Zeile 19") {
		t.Errorf("German deck check does not say %q:\n%s", want, errs)
	}
	for _, en := range []string{"cannot read", "expected", "card number"} {
		if strings.Contains(errs, en) {
			t.Errorf("German deck check: English left: %q\n%s", en, errs)
		}
	}

	unknown := writeDeck(t, fs01(t)+"1 FS01-99\n")
	_, out, errs = runCLI(t, "", "--lang", "de", "deck", "check", "--format", "fw-standard", "--date", "2026-06-01", "--cards", fwCards, unknown)
	if !strings.Contains(out, "("+i18n.T(de, "DeckRuleCardPool", nil)+")") || strings.Contains(out, "Card pool") {
		t.Errorf("German deck check: the rule label is not in German:\n%s%s", out, errs)
	}

	_, _, errs = runCLI(t, "", "--lang", "en", "deck", "check", "--format", "fw-standard", "--date", "2026-06-01", "--cards", fwCards, bad)
	if !strings.Contains(errs, `line 19: cannot read "four of FS01-04": expected a count such as "4" or "4x" before the card number`) {
		t.Errorf("English deck check:\n%s", errs)
	}
}
