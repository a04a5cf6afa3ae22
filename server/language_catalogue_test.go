package server_test

import (
	"context"
	"encoding/json"
	"html"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// catalogue is the message files as the tests read them: for each language,
// the ids its files define. The texts themselves come from i18n.T, so the
// tests follow the translations as they change.
type catalogue struct {
	ids     map[string]map[string]bool // language -> ids its files define
	english map[string]string          // id -> English text, for messages without placeholders or plural forms
	raw     map[string]string          // id -> English text with its placeholders (a plural message's "other" form)
}

var (
	catalogueOnce sync.Once
	catalogueData *catalogue
	catalogueErr  error
)

func messageCatalogue(t *testing.T) *catalogue {
	t.Helper()
	catalogueOnce.Do(func() { catalogueData, catalogueErr = readCatalogue() })
	if catalogueErr != nil {
		t.Fatalf("message files: %v", catalogueErr)
	}
	return catalogueData
}

var messageFileRE = regexp.MustCompile(`^[a-z]+\.([A-Za-z-]+)\.json$`)

func readCatalogue() (*catalogue, error) {
	names, err := filepath.Glob(filepath.Join("..", "views", "i18n", "messages", "*.json"))
	if err != nil {
		return nil, err
	}
	c := &catalogue{ids: map[string]map[string]bool{}, english: map[string]string{}, raw: map[string]string{}}
	for _, name := range names {
		m := messageFileRE.FindStringSubmatch(filepath.Base(name))
		if m == nil {
			continue
		}
		lang := m[1]
		b, err := os.ReadFile(name)
		if err != nil {
			return nil, err
		}
		raw := map[string]json.RawMessage{}
		if err := json.Unmarshal(b, &raw); err != nil {
			return nil, err
		}
		if c.ids[lang] == nil {
			c.ids[lang] = map[string]bool{}
		}
		for id, v := range raw {
			c.ids[lang][id] = true
			var plain string
			var forms map[string]string
			if lang == "en" && json.Unmarshal(v, &plain) == nil {
				c.raw[id] = plain
				if !strings.Contains(plain, "{{") {
					c.english[id] = plain
				}
			} else if lang == "en" && json.Unmarshal(v, &forms) == nil {
				c.raw[id] = forms["other"]
			}
		}
	}
	return c, nil
}

// translated reports whether lang's files have their own text for id (else
// the page shows English's).
func (c *catalogue) translated(lang, id string) bool { return c.ids[lang][id] }

// msg is a message a page should show: its id, its named values and, for a
// message with plural forms, its count. A shape is a message whose values
// the test does not know (a deck problem's card and date): its words
// between the values must be on the page.
type msg struct {
	id    string
	args  i18n.Args
	count *int
	shape bool
}

// mShape is a message whose values are not known; see msg.
func mShape(id string) msg { return msg{id: id, shape: true} }

// mShapeCount is a plural message whose count is known, its other values
// not.
func mShapeCount(id string, n int) msg { return msg{id: id, shape: true, count: &n} }

// valueMark stands for every value of a shape.
const valueMark = "\x1f"

var placeholderRE = regexp.MustCompile(`\{\{\s*\.([A-Za-z0-9_]+)\s*\}\}`)

// fragments are the words of a shape in lang between its values.
func (x msg) fragments(c *catalogue, lang string) []string {
	args := i18n.Args{}
	for _, p := range placeholderRE.FindAllStringSubmatch(c.raw[x.id], -1) {
		args[p[1]] = valueMark
	}
	ctx := i18n.WithLanguage(context.Background(), lang)
	text := ""
	if x.count != nil {
		delete(args, "Count")
		text = i18n.N(ctx, x.id, *x.count, args)
	} else {
		text = i18n.T(ctx, x.id, args)
	}
	var out []string
	for _, f := range strings.Split(text, valueMark) {
		if f = normalise(f); len([]rune(f)) >= 2 {
			out = append(out, f)
		}
	}
	return out
}

func m(id string) msg                          { return msg{id: id} }
func mArgs(id string, args i18n.Args) msg      { return msg{id: id, args: args} }
func mCount(id string, n int, a i18n.Args) msg { return msg{id: id, args: a, count: &n} }

func (x msg) in(lang string) string {
	ctx := i18n.WithLanguage(context.Background(), lang)
	if x.count != nil {
		return i18n.N(ctx, x.id, *x.count, x.args)
	}
	return i18n.T(ctx, x.id, x.args)
}

var (
	scriptOrStyleRE = regexp.MustCompile(`(?is)<(script|style)\b.*?</(script|style)>`)
	tagRE           = regexp.MustCompile(`<[^>]*>`)
)

// normalise folds runs of white space (and no-break spaces) into one space.
func normalise(s string) string {
	s = strings.ReplaceAll(s, "\u00a0", " ")
	s = strings.ReplaceAll(s, "\u202f", " ")
	return strings.Join(strings.Fields(s), " ")
}

// pageTexts are a page's visible text and its markup with entities read
// (so attribute texts, aria-label and title, count too).
func pageTexts(body string) (visible, markup string) {
	body = scriptOrStyleRE.ReplaceAllString(body, " ")
	return normalise(html.UnescapeString(tagRE.ReplaceAllString(body, " "))), normalise(html.UnescapeString(body))
}

// langPage is one page in one language, checked against the catalogue.
type langPage struct {
	t    *testing.T
	c    *catalogue
	lang string
	name string
	body string
}

// untranslatedReport collects, per page, the ids a page shows that the
// language's files do not translate yet, so a run lists what is left
// instead of failing while areas are still being translated.
type untranslatedReport struct {
	mu    sync.Mutex
	pages map[string][]string
	order []string
}

func (r *untranslatedReport) add(page string, ids []string) {
	if len(ids) == 0 {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.pages == nil {
		r.pages = map[string][]string{}
	}
	if _, ok := r.pages[page]; !ok {
		r.order = append(r.order, page)
	}
	r.pages[page] = append(r.pages[page], ids...)
}

// log writes the list; requireTranslations (set once every area's files
// are complete) turns it into a failure.
func (r *untranslatedReport) log(t *testing.T, lang string) {
	t.Helper()
	if len(r.order) == 0 {
		return
	}
	var b strings.Builder
	for _, page := range r.order {
		ids := r.pages[page]
		sort.Strings(ids)
		ids = compactStrings(ids)
		b.WriteString("\n  " + page + ": " + strings.Join(ids, " "))
	}
	if requireTranslations {
		t.Errorf("%s: messages shown in English because %s's files lack them, per page:%s", lang, lang, b.String())
	} else {
		t.Logf("%s: not translated yet (shown in English), per page:%s", lang, b.String())
	}
}

// requireTranslations makes an untranslated message on a page a failure:
// every language translates every message (views/i18n's
// TestEveryLanguageHasEveryEnglishID), so a page shows none in English.
const requireTranslations = true

func compactStrings(s []string) []string {
	out := s[:0]
	for i, x := range s {
		if i == 0 || x != s[i-1] {
			out = append(out, x)
		}
	}
	return out
}

// expect checks that the page shows each message in its language: the text
// i18n.T gives for the page's language must be on the page. A message the
// language does not translate yet must show in English (its id is right)
// and is noted in report. It also checks <html lang>.
func (p langPage) expect(report *untranslatedReport, msgs ...msg) {
	p.t.Helper()
	visible, markup := pageTexts(p.body)
	if got := langOf(p.body); got != p.lang {
		p.t.Errorf("%s in %s: <html lang=%q>", p.name, p.lang, got)
	}
	var missing, untranslated []string
	for _, x := range msgs {
		if !p.c.ids["en"][x.id] {
			p.t.Errorf("%s: %s is in no English message file (renamed? update the test)", p.name, x.id)
			continue
		}
		if x.shape {
			for _, f := range x.fragments(p.c, p.lang) {
				if !strings.Contains(visible, f) {
					missing = append(missing, x.id+" (… "+f+" …)")
				}
			}
		} else if want := normalise(x.in(p.lang)); !strings.Contains(visible, want) && !strings.Contains(markup, want) {
			missing = append(missing, x.id+" ("+want+")")
		}
		if !p.c.translated(p.lang, x.id) {
			untranslated = append(untranslated, x.id)
		}
	}
	if len(missing) > 0 {
		p.t.Errorf("%s in %s does not show: %s\npage text:\n%s", p.name, p.lang, strings.Join(missing, "; "), shorten(visible, 2500))
	}
	report.add(p.name, untranslated)
	p.leftoverEnglish(report)
}

// leftoverEnglish looks for English texts of the catalogue on a page in
// another language: a message the language has not translated yet is
// noted in report; one it has translated (to other words) yet shows in
// English means the page was not rendered in its language, or hard-codes
// the text. Only messages of some length with a space are looked for, so
// words that happen to be names do not count.
func (p langPage) leftoverEnglish(report *untranslatedReport) {
	p.t.Helper()
	if p.lang == "en" {
		return
	}
	visible, _ := pageTexts(p.body)
	var untranslated, wrong []string
	for id, en := range p.c.english {
		if len(en) < 14 || !strings.Contains(en, " ") || !strings.Contains(visible, normalise(en)) {
			continue
		}
		if !p.c.translated(p.lang, id) {
			untranslated = append(untranslated, id)
			continue
		}
		if tr := normalise(m(id).in(p.lang)); tr != normalise(en) && !strings.Contains(visible, tr) {
			wrong = append(wrong, id+" ("+en+")")
		}
	}
	// A translated message's English may be part of a longer message that
	// is not translated yet: that one is the English on the page.
	kept := wrong[:0]
	for _, w := range wrong {
		id := w[:strings.Index(w, " (")]
		inside := false
		for _, u := range untranslated {
			if u != id && strings.Contains(normalise(p.c.english[u]), normalise(p.c.english[id])) {
				inside = true
			}
		}
		if !inside {
			kept = append(kept, w)
		}
	}
	wrong = kept
	sort.Strings(wrong)
	if len(wrong) > 0 {
		p.t.Errorf("%s in %s shows English texts its language translates: %s", p.name, p.lang, strings.Join(wrong, "; "))
	}
	report.add(p.name, untranslated)
}

// langOf is a page's <html lang>.
func langOf(body string) string {
	if m := htmlLang.FindStringSubmatch(body); m != nil {
		return m[1]
	}
	return ""
}

func shorten(s string, n int) string {
	if len(s) > n {
		return s[:n] + "…"
	}
	return s
}
