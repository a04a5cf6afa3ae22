package i18n

import (
	"context"
	"sort"
	"strings"
	"sync"

	"golang.org/x/text/language"
)

// Language is one language the product is offered in: one that has a
// message file. Code is its BCP 47 tag as the file is named ("de",
// "pt-BR"); Name is the language named in itself ("Deutsch", "日本語"), so
// a reader finds their own in a list whatever the page's language is.
type Language struct {
	Code string
	Name string
	Tag  language.Tag
}

// Languages are the languages with a message file, English first, then by
// code. Only these are offered to choose from.
var Languages = sync.OnceValue(func() []Language {
	var out []Language
	for _, tag := range messages.tags {
		out = append(out, Language{Code: tag.String(), Name: messages.names[tag], Tag: tag})
	}
	sort.Slice(out, func(i, j int) bool {
		if (out[i].Code == "en") != (out[j].Code == "en") {
			return out[i].Code == "en"
		}
		return out[i].Code < out[j].Code
	})
	return out
})

// Supported returns the code of the offered language that code names
// exactly (case aside: "pt-br" is "pt-BR"), or "" when none does. It is for
// a stored or chosen value (a cookie, an account, an event setting), which
// must name one of Languages, not for a browser's wishes (Negotiate).
func Supported(code string) string {
	code = strings.TrimSpace(code)
	if code == "" {
		return ""
	}
	for _, l := range Languages() {
		if strings.EqualFold(l.Code, code) {
			return l.Code
		}
	}
	return ""
}

// Negotiate picks the offered language that best fits an Accept-Language
// value ("de-CH,de;q=0.9,en;q=0.8"), English when none fits or the value
// cannot be read. It matches as x/text's language matcher does: "de-AT"
// gets German, "pt-PT" gets Brazilian Portuguese when that is the only
// Portuguese, "zh" gets English.
func Negotiate(acceptLanguage string) string {
	if code, ok := negotiated.get(acceptLanguage); ok {
		return code
	}
	code := negotiate(acceptLanguage)
	negotiated.put(acceptLanguage, code)
	return code
}

// negotiated keeps Negotiate's answers by Accept-Language value: every page
// asks, a browser sends the same value each time, and matching one takes
// 5 to 50 µs. The values come from anyone, so only short ones are kept,
// and a full map starts again.
var negotiated negotiatedCodes

const (
	maxNegotiated      = 1024
	maxNegotiatedValue = 200 // bytes; a browser's value is a few dozen
)

type negotiatedCodes struct {
	mu    sync.Mutex
	codes map[string]string
}

func (n *negotiatedCodes) get(accept string) (string, bool) {
	n.mu.Lock()
	defer n.mu.Unlock()
	code, ok := n.codes[accept]
	return code, ok
}

func (n *negotiatedCodes) put(accept, code string) {
	if len(accept) > maxNegotiatedValue {
		return
	}
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.codes == nil || len(n.codes) >= maxNegotiated {
		n.codes = map[string]string{}
	}
	n.codes[accept] = code
}

// negotiate is Negotiate without the kept answers.
func negotiate(acceptLanguage string) string {
	tags, _, err := language.ParseAcceptLanguage(acceptLanguage)
	if err != nil || len(tags) == 0 {
		return "en"
	}
	_, i, conf := messages.matcher.Match(tags...)
	if conf == language.No {
		return "en"
	}
	return messages.tags[i].String()
}

// Lang is the code of the context's language: the offered language that
// fits what WithLanguage put in it best, "en" when nothing was put.
func Lang(ctx context.Context) string {
	if ctx == nil {
		return "en"
	}
	accept, _ := ctx.Value(langKey{}).(string)
	if accept == "" {
		return "en"
	}
	if code := Supported(accept); code != "" {
		return code
	}
	return Negotiate(accept)
}

// tag is the language tag of Lang(ctx).
func tag(ctx context.Context) language.Tag {
	code := Lang(ctx)
	for _, l := range Languages() {
		if l.Code == code {
			return l.Tag
		}
	}
	return language.English
}
