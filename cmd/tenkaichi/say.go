package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode"

	"github.com/tenkaichi-org/tenkaichi/views/fileproblem"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
	"golang.org/x/text/width"
)

// complain prints "tenkaichi COMMAND: PROBLEM" on w: the line every command
// reports a failure with. problem is a whole sentence already in ctx's
// language; the layout around it is a message too, so a language can change it.
func complain(ctx context.Context, w io.Writer, command, problem string) {
	fmt.Fprintln(w, i18n.T(ctx, "CliCommandError", i18n.Args{"Command": command, "Problem": problem}))
}

// complainOf prints err as the line a command that has no name of its own
// in the message reports a failure with ("tenkaichi: PROBLEM").
func complainOf(ctx context.Context, w io.Writer, err error) {
	fmt.Fprintln(w, i18n.T(ctx, "CliError", i18n.Args{"Problem": errText(ctx, err)}))
}

// textError is an error the command line worded itself, in the language of
// the context it was made with; it still unwraps to the error it reports
// (a library's, whose own text stays as the library wrote it).
type textError struct {
	text string
	err  error
}

func (e *textError) Error() string { return e.text }
func (e *textError) Unwrap() error { return e.err }

// sayError is an error with a text already in the command line's language.
func sayError(text string, err error) error { return &textError{text: text, err: err} }

// errText is err as the command line says it: ours are already worded in
// the language; an input over the size cap is said in ctx's language
// wherever it was wrapped (by a reader of the rules package, say), and so
// is a problem views/fileproblem knows; a library's error stays its own.
func errText(ctx context.Context, err error) string {
	if _, ours := err.(*textError); ours {
		return err.Error()
	}
	var big *inputTooLargeError
	if errors.As(err, &big) {
		return i18n.T(ctx, "CliInputTooLarge", i18n.Args{"Input": inputName(ctx, big.name), "MB": maxInputBytes >> 20})
	}
	// A problem of a card list, ban list or event file, or a refusal of the
	// pairing tools, in the language; any other error keeps its words.
	return fileproblem.Text(ctx, err)
}

// noBreakSpace joins words that wrap must keep on one line.
const noBreakSpace = '\u00a0'

// lineWidth is the terminal width --help wraps to.
const lineWidth = 80

// writeWrapped writes text wrapped to lineWidth columns, each line indented
// by indent spaces; a newline in text starts a new line. Japanese has no
// spaces between words, so a line may also break between two wide
// characters (but not before closing punctuation, nor after opening).
func writeWrapped(w io.Writer, text string, indent int) {
	pad := strings.Repeat(" ", indent)
	for _, para := range strings.Split(text, "\n") {
		// A line of text that starts indented keeps its indentation.
		lead := pad + para[:len(para)-len(strings.TrimLeft(para, " "))]
		for _, line := range wrap(para, lineWidth-len(lead)) {
			fmt.Fprintln(w, strings.TrimRight(lead+line, " "))
		}
	}
}

// writeItem writes lead followed by text wrapped to lineWidth, its later
// lines indented under the text's first ("  serve   run the web server").
func writeItem(w io.Writer, lead, text string) {
	pad := strings.Repeat(" ", textWidth(lead))
	for i, line := range wrap(text, lineWidth-textWidth(lead)) {
		if i == 0 {
			fmt.Fprintln(w, strings.TrimRight(lead+line, " "))
		} else {
			fmt.Fprintln(w, pad+line)
		}
	}
}

// writeHanging writes text wrapped to lineWidth, its later lines indented
// by hang spaces (a long synopsis).
func writeHanging(w io.Writer, text string, hang int) {
	pad := strings.Repeat(" ", hang)
	for i, line := range wrap(text, lineWidth-hang) {
		if i > 0 {
			line = pad + line
		}
		fmt.Fprintln(w, strings.ReplaceAll(line, string(noBreakSpace), " "))
	}
}

// joinText puts two pieces of text side by side: with a space, but not
// between two wide characters (Japanese puts none).
func joinText(a, b string) string {
	ra, rb := []rune(a), []rune(b)
	if len(ra) > 0 && len(rb) > 0 && isWide(ra[len(ra)-1]) && isWide(rb[0]) {
		return a + b
	}
	return a + " " + b
}

// wrap breaks s into lines of at most max columns where it can.
func wrap(s string, max int) []string {
	type token struct {
		text        string
		spaceBefore bool
	}
	var tokens []token
	space := false
	for _, r := range s {
		if r == ' ' {
			space = true
			continue
		}
		if len(tokens) > 0 && space && closesText(r) {
			// French puts a space before : ; ! ? and the mark stays on
			// the line of the word before it.
			tokens[len(tokens)-1].text += " " + string(r)
			space = false
			continue
		}
		newToken := true
		if len(tokens) > 0 && !space {
			prev := []rune(tokens[len(tokens)-1].text)
			last := prev[len(prev)-1]
			// Never break before closing punctuation or after opening;
			// else between wide characters, and where Latin meets them.
			newToken = !closesText(r) && !opensText(last) && (isWide(r) || isWide(last))
		}
		if newToken {
			tokens = append(tokens, token{text: string(r), spaceBefore: space})
		} else {
			tokens[len(tokens)-1].text += string(r)
		}
		space = false
	}
	var lines []string
	line, cols := "", 0
	for _, t := range tokens {
		w := textWidth(t.text)
		sep := ""
		if t.spaceBefore && line != "" {
			sep = " "
		}
		if line != "" && cols+len(sep)+w > max {
			lines = append(lines, line)
			line, cols, sep = "", 0, ""
		}
		line += sep + t.text
		cols += len(sep) + w
	}
	return append(lines, line)
}

func isWide(r rune) bool {
	switch width.LookupRune(r).Kind() {
	case width.EastAsianWide, width.EastAsianFullwidth:
		return true
	}
	return false
}

// closesText is punctuation that must not start a line (。、）」 and the
// Latin ones), opensText one that must not end it (（「).
func closesText(r rune) bool {
	return strings.ContainsRune("。、）」』】・ー？！：,.;:)]!?", r) || unicode.In(r, unicode.Pe, unicode.Pf)
}

func opensText(r rune) bool { return strings.ContainsRune("（「『【", r) }

// textWidth is how many terminal columns s takes: two for a wide character.
func textWidth(s string) int {
	n := 0
	for _, r := range s {
		n++
		if isWide(r) {
			n++
		}
	}
	return n
}

// padRight pads s with spaces to n terminal columns (fmt's %-10s counts
// runes, which misaligns Japanese).
func padRight(s string, n int) string {
	if w := textWidth(s); w < n {
		return s + strings.Repeat(" ", n-w)
	}
	return s
}
