package gamelog

import (
	"strconv"
	"strings"

	"github.com/tenkaichi-org/tenkaichi/rules/engine"
	enginelog "github.com/tenkaichi-org/tenkaichi/rules/engine/gamelog"
)

// NotationDeclared is notation 1, before the engine read card skills: every
// effect a declared line, as with [Effects "declared"].
const NotationDeclared = enginelog.NotationDeclared

// WithNotation is body with notation version v written in it when the log
// says none: [Notation "v"] as a text log's first line, "notation" in a JSON
// log's setup. A log that says its notation, or does not read, is kept as
// it is. Event files carry every log with its version (export: this one;
// import: a log without one was stored before logs said it, notation 1),
// as migration 00028 tagged the stored ones.
func WithNotation(body string, v int) string {
	l, err := engine.ParseLog([]byte(body))
	if err != nil || l.Setup.Notation != 0 {
		return body
	}
	tagged := "[Notation " + strconv.Quote(strconv.Itoa(v)) + "]\n" + body
	if strings.HasPrefix(strings.TrimSpace(body), "{") {
		tagged = jsonWithNotation(body, v)
	}
	if l, err := engine.ParseLog([]byte(tagged)); err != nil || l.Setup.Notation != v {
		return body
	}
	return tagged
}

// jsonWithNotation writes "notation" first in the setup object of a JSON
// log, as the migration does, keeping the rest byte for byte.
func jsonWithNotation(body string, v int) string {
	at := strings.Index(body, `"setup"`)
	if at < 0 {
		return body
	}
	brace := strings.IndexByte(body[at:], '{')
	if brace < 0 {
		return body
	}
	cut := at + brace + 1
	return body[:cut] + `"notation":` + strconv.Itoa(v) + "," + body[cut:]
}
