package deckproblem

import (
	"context"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tenkaichi-org/tenkaichi/rules"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

var verbRE = regexp.MustCompile(`%\[(\d+)\]([sd])`)

// Every deck problem rules can report has a message here: in English it is
// word for word the rules package's (what the API says), and in each other
// language it is a translation that keeps every value.
func TestDeckProblemTextsFollowRulesMessages(t *testing.T) {
	for key, format := range rules.Messages {
		var args []any
		for _, m := range verbRE.FindAllStringSubmatch(format, -1) {
			i, _ := strconv.Atoi(m[1])
			for len(args) < i {
				args = append(args, nil)
			}
			if m[2] == "d" {
				args[i-1] = 100 + i
			} else {
				args[i-1] = "V" + m[1]
			}
		}
		p := rules.Problem{Key: key, Args: args, Message: fmt.Sprintf(format, args...)}
		if got := Text(context.Background(), p); got != p.Message {
			t.Errorf("%s in English:\n got %q\nwant %q", key, got, p.Message)
		}
		for _, lang := range []string{"de", "fr", "es", "it", "pt-BR", "ja"} {
			got := Text(i18n.WithLanguage(context.Background(), lang), p)
			if got == p.Message {
				t.Errorf("%s in %s is English: %q", key, lang, got)
			}
			for _, a := range args {
				if !strings.Contains(got, fmt.Sprint(a)) {
					t.Errorf("%s in %s lacks the value %v: %q", key, lang, a, got)
				}
			}
		}
	}
	// A problem without a key keeps its message.
	if got := Text(context.Background(), rules.Problem{Message: "as it was"}); got != "as it was" {
		t.Errorf("no key: %q", got)
	}
}

// The words problemWords translates are those rules really puts in its
// problems: an empty deck in each DBZ format is too small, and its problem
// says what the format counts in a word of ours, translated in German and
// Japanese; every key named there is a problem of rules.Messages with a
// value at that place.
func TestDeckProblemWordsAreRulesWords(t *testing.T) {
	for key, words := range problemWords {
		format, ok := rules.Messages[key]
		if !ok {
			t.Errorf("problemWords names %q, which rules.Messages lacks", key)
			continue
		}
		n := len(verbRE.FindAllStringSubmatch(format, -1))
		for i, w := range words {
			if w != nil && i >= n {
				t.Errorf("%s: a word at value %d, but the message has %d values", key, i+1, n)
			}
		}
	}
	for _, id := range []string{"score-dbz", "panini-dbz"} {
		f, _ := rules.LookupFormat(id)
		res := f.Validate(&rules.Decklist{}, rules.MapPool{}, nil, time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC))
		found := false
		for _, p := range res.Problems {
			if !strings.HasPrefix(p.Key, "dbz-deck-") {
				continue
			}
			found = true
			for _, lang := range []string{"de", "ja"} {
				got := Text(i18n.WithLanguage(context.Background(), lang), p)
				if strings.Contains(got, fmt.Sprint(p.Args[2])) {
					t.Errorf("%s in %s keeps the English %q: %s", id, lang, p.Args[2], got)
				}
			}
		}
		if !found {
			t.Errorf("%s: an empty deck has no deck-size problem: %+v", id, res.Problems)
		}
	}
}

// WithCardNames replaces a card's English name right after its number, and
// nothing else: a decklist's own text and unknown cards stay as written.
func TestWithCardNames(t *testing.T) {
	ctx := WithCardNames(i18n.WithLanguage(context.Background(), "ja"), func(number string) (string, string, bool) {
		if number == "FB01-056" {
			return "Pilaf", "ピラフ", true
		}
		return "", "", false
	})
	banned := TextOf(ctx, "banned", []any{"FB01-056", "Pilaf", "2026-06-01", "March 2026"}, "")
	if !strings.Contains(banned, "FB01-056 ピラフ") || strings.Contains(banned, "Pilaf") {
		t.Errorf("banned: %q", banned)
	}
	unknown := TextOf(ctx, "unknown-card", []any{"FB99-001", "Pilaf"}, "")
	if !strings.Contains(unknown, "Pilaf") {
		t.Errorf("a card the namer does not know keeps its name: %q", unknown)
	}
	if en := TextOf(i18n.WithLanguage(context.Background(), "ja"), "banned", []any{"FB01-056", "Pilaf", "2026-06-01", "March 2026"}, ""); !strings.Contains(en, "Pilaf") {
		t.Errorf("without names: %q", en)
	}
}
