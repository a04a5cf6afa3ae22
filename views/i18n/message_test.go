package i18n

import (
	"context"
	"testing"
)

func TestMessageIsWordedInTheReadersLanguage(t *testing.T) {
	de := WithLanguage(context.Background(), "de")
	en := WithLanguage(context.Background(), "en")
	cards := MN("CardCount", 2, nil)
	if got, want := cards.In(en), T(en, "CardCount", nil); got == want {
		t.Fatalf("plural message worded without its count: %q", got)
	}
	if got, want := cards.In(en), N(en, "CardCount", 2, nil); got != want {
		t.Errorf("English: got %q, want %q", got, want)
	}
	if got, want := cards.In(de), N(de, "CardCount", 2, nil); got != want || got == cards.In(en) {
		t.Errorf("German: got %q, want %q (and not the English %q)", got, want, cards.In(en))
	}
	if got := (Message{}).In(de); got != "" {
		t.Errorf("empty message worded as %q", got)
	}
	if !(Message{}).IsZero() || cards.IsZero() {
		t.Error("IsZero wrong")
	}
}

func TestMessageInsideAMessageIsWordedInTheSameLanguage(t *testing.T) {
	de := WithLanguage(context.Background(), "de")
	inner := MN("CardCount", 3, nil)
	outer := M("CliDeckBanList", Args{"Date": "2026-12-06", "Name": inner})
	want := T(de, "CliDeckBanList", Args{"Date": "2026-12-06", "Name": N(de, "CardCount", 3, nil)})
	if got := outer.In(de); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if _, still := outer.Args["Name"].(Message); !still {
		t.Error("In changed the caller's Args")
	}
}
