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
func AppendLine(base string, before *engine.Log, line string) (body string, after *engine.Log, problem i18n.Message) {
	body = TrimLog(base) + "\n" + line + "\n"
	after, err := engine.ParseLog([]byte(body))
	var pe *engine.ParseError
	switch {
	case errors.As(err, &pe):
		return "", nil, i18n.M("LineUnreadable", i18n.Args{"Problem": parseError{pe}})
	case err != nil:
		return "", nil, ParseProblem(err)
	case len(after.Actions) != len(before.Actions)+1:
		return "", nil, i18n.M("LineNotOneAction", nil)
	}
	return body, after, i18n.Message{}
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

// ParseProblem is what the user is told of a log that cannot be read: the
// parser's messages name the line and are written for people (the
// notation's words in them stay as they are).
func ParseProblem(err error) i18n.Message {
	var pe *engine.ParseError
	if errors.As(err, &pe) {
		return i18n.M("JudgeLogUnreadableAt", i18n.Args{"Line": pe.Line, "Problem": parseError{pe}})
	}
	return i18n.M("JudgeLogUnreadable", nil)
}

// parseError is the parser's problem, worded by the views' engine text
// when the sentence holding it is.
type parseError struct{ pe *engine.ParseError }

func (p parseError) In(ctx context.Context) string { return enginetext.ParseError(ctx, p.pe) }

// TrimLog keeps what a judge pasted but drops trailing blank space.
func TrimLog(s string) string { return strings.TrimRight(s, " \t\r\n") }

// Player is one player of a new log: the name ("" for none), the
// Leader's number, and the registered decklist as "COUNT NUMBER" parts (nil
// when the player has none: the deck is then 50 unknown cards).
type Player struct {
	Name, Leader string
	Decklist     []string
}

// NewBody starts a log: its title as a comment, a fresh seed, the
// notation's version, descriptive tags (name and value, e.g. Event), each player's name, Leader and deck
// (a decklist bounds a paper game's deck), and no action yet.
func NewBody(title string, tags [][2]string, players [2]Player) (string, error) {
	var b strings.Builder
	b.WriteString("# " + strings.Join(strings.Fields(title), " ") + "\n")
	b.WriteString("[Seed " + strconv.Quote(strconv.FormatInt(web.RandomSeed(), 10)) + "]\n")
	// The notation the log is written in: a later notation keeps its verdicts.
	b.WriteString("[Notation " + strconv.Quote(strconv.Itoa(engine.NotationVersion)) + "]\n")
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
