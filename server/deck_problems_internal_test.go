package server

import (
	"context"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

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
		if got := deckProblemText(context.Background(), p); got != p.Message {
			t.Errorf("%s in English:\n got %q\nwant %q", key, got, p.Message)
		}
		for _, lang := range []string{"de", "fr", "es", "it", "pt-BR", "ja"} {
			got := deckProblemText(i18n.WithLanguage(context.Background(), lang), p)
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
	if got := deckProblemText(context.Background(), rules.Problem{Message: "as it was"}); got != "as it was" {
		t.Errorf("no key: %q", got)
	}
}
