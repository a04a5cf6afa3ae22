package gamelog

import (
	"bytes"
	"context"
	"errors"
	"strconv"
	"strings"

	"github.com/tenkaichi-org/tenkaichi/rules/engine"
	"github.com/tenkaichi-org/tenkaichi/server/web"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/views/enginetext"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// TextBody is the log in the text notation: a JSON log is rewritten once, as
// lines can only be appended to text.
func TextBody(body string) (string, *engine.Log, error) {
	l, err := engine.ParseLog([]byte(body))
	if err != nil {
		return "", nil, err
	}
	if t := strings.TrimSpace(body); strings.HasPrefix(t, "{") {
		var b bytes.Buffer
		if err := engine.Format(&b, l); err != nil {
			return "", nil, err
		}
		return b.String(), l, nil
	}
	return body, l, nil
}

// AppendLine adds one line to a log's text (base, read as before) and reads
// the result again. problem says why not, for the user, when the line does
// not read as exactly one action (a tag or a comment is not one).
func AppendLine(ctx context.Context, base string, before *engine.Log, line string) (body string, after *engine.Log, problem string) {
	body = TrimLog(base) + "\n" + line + "\n"
	after, err := engine.ParseLog([]byte(body))
	var pe *engine.ParseError
	switch {
	case errors.As(err, &pe):
		return "", nil, i18n.T(ctx, "LineUnreadable", i18n.Args{"Problem": enginetext.ParseError(ctx, pe)})
	case err != nil:
		return "", nil, ParseProblem(ctx, err)
	case len(after.Actions) != len(before.Actions)+1:
		return "", nil, i18n.T(ctx, "LineNotOneAction", nil)
	}
	return body, after, ""
}

// Totals are the life and deck counts of a state, kept with its log;
// nil while the game is in its setup (no life cards yet).
func Totals(st *engine.State) *storage.GameTotals {
	if st.Phase == engine.PhaseSetup {
		return nil
	}
	var t storage.GameTotals
	for i := range st.Players {
		t.Life[i], t.Deck[i] = len(st.Players[i].Life), len(st.Players[i].Deck)
	}
	return &t
}

// ParseProblem is the user-facing text of a log that cannot be read, in
// the context's language: the parser's messages name the line and are
// written for people (the notation's words in them stay as they are).
func ParseProblem(ctx context.Context, err error) string {
	var pe *engine.ParseError
	if errors.As(err, &pe) {
		return i18n.T(ctx, "JudgeLogUnreadableAt", i18n.Args{"Line": pe.Line, "Problem": enginetext.ParseError(ctx, pe)})
	}
	return i18n.T(ctx, "JudgeLogUnreadable", nil)
}

// TrimLog keeps what a judge pasted but drops trailing blank space.
func TrimLog(s string) string { return strings.TrimRight(s, " \t\r\n") }

// Player is one player of a new log: the name ("" for none), the
// Leader's number, and the registered decklist as "COUNT NUMBER" parts (nil
// when the player has none: the deck is then 50 unknown cards).
type Player struct {
	Name, Leader string
	Decklist     []string
}

// NewBody starts a log: its title as a comment, descriptive tags (name
// and value, e.g. Event), a fresh seed, each player's name, Leader and deck
// (a decklist bounds a paper game's deck), and no action yet.
func NewBody(title string, tags [][2]string, players [2]Player) (string, error) {
	var b strings.Builder
	b.WriteString("# " + strings.Join(strings.Fields(title), " ") + "\n")
	b.WriteString("[Seed " + strconv.Quote(strconv.FormatInt(web.RandomSeed(), 10)) + "]\n")
	for _, t := range tags {
		b.WriteString("[" + t[0] + " " + strconv.Quote(strings.Join(strings.Fields(t[1]), " ")) + "]\n")
	}
	for i, p := range players {
		tag := "P" + strconv.Itoa(i+1)
		if p.Name != "" {
			b.WriteString("[" + tag + " " + strconv.Quote(p.Name) + "]\n")
		}
		b.WriteString("[" + tag + "Leader " + strconv.Quote(p.Leader) + "]\n")
		if len(p.Decklist) > 0 {
			b.WriteString("[" + tag + "Decklist " + strconv.Quote(strings.Join(p.Decklist, ", ")) + "]\n")
		} else {
			b.WriteString("[" + tag + "Deck \"50 ?\"]\n")
		}
	}
	b.WriteString("\n")
	if _, err := engine.ParseLog([]byte(b.String())); err != nil {
		// Names and numbers were checked by the callers; a failure here
		// is our bug.
		return "", err
	}
	return b.String(), nil
}
