// Package i18n is the one place user-facing text with a count (or, as pages
// are converted, any text) is worded: messages live in embedded message
// files, several per language, one per area of the product
// (messages/player.en.json, messages/staff.de.json; see FileAreas), with
// CLDR plural forms, so
// "1 problem" and "2 problems" come from one message and a translation
// supplies its own forms ("1 Problem", "2 Probleme"; Japanese has only
// "other"). Call sites pass the request's context; the language travels in
// it (WithLanguage), so adding a language is adding a file, not changing
// call sites.
package i18n

import (
	"context"
	"embed"
	"encoding/json"
	"errors"
	"io/fs"
	"log/slog"
	"path"
	"regexp"
	"sync"

	goi18n "github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/language"
)

//go:embed messages/*.json
var files embed.FS

// Args are a message's named values: {{.Name}} in the message file.
type Args map[string]any

var messages = mustIndex(files)

// FileAreas are the areas the message files are split by, so that people
// converting or translating different parts of the product edit different
// files. A message lives in the area of the pages (or code) that use it;
// one used by several areas is in "common".
var FileAreas = []string{
	"common",    // language names, dates and months, games and formats, counts used everywhere
	"player",    // the player's phone pages (match, report, game tracker) and the public pages (standings, metagame)
	"staff",     // the organiser's event-day pages: events, players, rounds, snapshots
	"judge",     // the judge console, the rulings lookup and rule index, the log help
	"print",     // print sheets and the projector
	"setup",     // first run, accounts, stores, who may do what
	"deck",      // decklist and deck-check messages, cards and ban lists
	"cli",       // the command line's human output
	"engine",    // the rules engine's sentences: violations, replay steps, notation errors, the state of a game (views/enginetext)
	"league",    // seasons, regional leagues and their leaderboards (server/seasons)
	"profile",   // players across events: the store's players directory, merges, profiles, the player's own settings
	"teams",     // team events: teams of three, their seats, team matches and team standings
	"ruleindex", // the rule index: each rule's and card word's title, explanation and search terms (views/ruletext)
	"twoday",    // two-day events: the event form's days, the close-day-1 step, day names of rounds, the day on phones and standings
}

// fileNameRE is a message file's name: AREA.LANG.json. go-i18n takes the
// language from the part before ".json".
var fileNameRE = regexp.MustCompile(`^([a-z]+)\.([A-Za-z]{2,3}(?:-[A-Za-z0-9]+)*)\.json$`)

// fileArea splits a message file's name ("player.pt-BR.json") into its
// area and language; ok is false for a name that is not AREA.LANG.json
// with one of FileAreas.
func fileArea(name string) (area, lang string, ok bool) {
	m := fileNameRE.FindStringSubmatch(path.Base(name))
	if m == nil {
		return "", "", false
	}
	for _, a := range FileAreas {
		if a == m[1] {
			return m[1], m[2], true
		}
	}
	return "", "", false
}

// catalogue is the message files by language. A language's files are read
// on its first use: read, they take about 1.3 MB of memory each, and an
// event day uses one or two of the languages, not all of them.
type catalogue struct {
	// tags are the languages that have files, English first, then in the
	// order of the files' names: the order go-i18n's matcher would have.
	tags    []language.Tag
	matcher language.Matcher
	bundles map[language.Tag]func() *goi18n.Bundle
	// localizers say a language's messages, one a language.
	localizers map[language.Tag]func() *goi18n.Localizer
	// english says what a language lacks, message by message.
	english *goi18n.Localizer
	// names are the languages named in themselves (LanguageName in each
	// language's common file), for the language menus of every page,
	// which must not read every language's files.
	names map[language.Tag]string
	// plainCache keeps messages without named values (plainKey → string).
	plainCache sync.Map
}

// mustIndex finds every message file; the files are embedded, so a badly
// named one is a build mistake, and a broken one too (the package's tests
// read every language).
func mustIndex(fsys fs.FS) *catalogue {
	names, err := fs.Glob(fsys, "messages/*.json")
	if err != nil {
		panic(err)
	}
	c := &catalogue{tags: []language.Tag{language.English}}
	byTag := map[language.Tag][]string{}
	for _, name := range names {
		_, lang, ok := fileArea(name)
		if !ok {
			panic("i18n: " + name + ": name a message file AREA.LANG.json, AREA one of FileAreas")
		}
		tag, err := language.Parse(lang)
		if err != nil {
			panic("i18n: " + name + ": " + err.Error())
		}
		if _, seen := byTag[tag]; !seen && tag != language.English {
			c.tags = append(c.tags, tag)
		}
		byTag[tag] = append(byTag[tag], path.Clean(name))
	}
	c.matcher = language.NewMatcher(c.tags)
	c.bundles = make(map[language.Tag]func() *goi18n.Bundle, len(c.tags))
	c.localizers = make(map[language.Tag]func() *goi18n.Localizer, len(c.tags))
	c.names = make(map[language.Tag]string, len(c.tags))
	for _, tag := range c.tags {
		c.bundles[tag] = sync.OnceValue(func() *goi18n.Bundle { return mustLoad(fsys, tag, byTag[tag]) })
		c.localizers[tag] = sync.OnceValue(func() *goi18n.Localizer { return goi18n.NewLocalizer(c.bundle(tag), tag.String()) })
		c.names[tag] = mustLanguageName(fsys, tag)
	}
	c.english = c.localizer(language.English)
	return c
}

// mustLanguageName reads LanguageName alone from the language's common file.
func mustLanguageName(fsys fs.FS, tag language.Tag) string {
	name := "messages/common." + tag.String() + ".json"
	data, err := fs.ReadFile(fsys, name)
	if err != nil {
		panic("i18n: every language needs " + name + " with its LanguageName: " + err.Error())
	}
	var file struct{ LanguageName string }
	if err := json.Unmarshal(data, &file); err != nil || file.LanguageName == "" {
		panic("i18n: " + name + ": LanguageName, the language named in itself, is missing or not a string")
	}
	return file.LanguageName
}

// bundle is the language's messages (tag is one of tags), read on first use.
func (c *catalogue) bundle(tag language.Tag) *goi18n.Bundle {
	return c.bundles[tag]()
}

// localizer says the language's messages (tag is one of tags), read on
// first use.
func (c *catalogue) localizer(tag language.Tag) *goi18n.Localizer {
	return c.localizers[tag]()
}

// mustLoad reads one language's message files into a bundle of its own; a
// message that the language lacks falls back to English's in localize.
func mustLoad(fsys fs.FS, tag language.Tag, names []string) *goi18n.Bundle {
	b := goi18n.NewBundle(tag)
	b.RegisterUnmarshalFunc("json", json.Unmarshal)
	for _, name := range names {
		if _, err := b.LoadMessageFileFS(fsys, name); err != nil {
			panic("i18n: " + name + ": " + err.Error())
		}
	}
	return b
}

type langKey struct{}

// WithLanguage returns a context whose messages are in the languages of an
// Accept-Language value (or a language code, as the server's middleware
// puts the one it chose), best first; a message missing in the chosen
// language's file falls back to English, message by message.
func WithLanguage(ctx context.Context, accept string) context.Context {
	return context.WithValue(ctx, langKey{}, accept)
}

func localizer(ctx context.Context) *goi18n.Localizer {
	// The language Lang chooses: the one the page's dates and numbers are in.
	return messages.localizer(tag(ctx))
}

// T is the message id with its named values.
func T(ctx context.Context, id string, args Args) string {
	if len(args) == 0 {
		return messages.plain(tag(ctx), id)
	}
	return localize(ctx, &goi18n.LocalizeConfig{MessageID: id, TemplateData: map[string]any(args)})
}

// plainKey names a message without named values in one language.
type plainKey struct {
	tag language.Tag
	id  string
}

// plain is message id without named values in language t, worded by
// go-i18n once and then kept: the same words every time, and go-i18n runs
// a text template for each (a page says dozens of such labels). The ids
// are the code's, so the cache is bounded by the catalogue.
func (c *catalogue) plain(t language.Tag, id string) string {
	key := plainKey{t, id}
	if s, ok := c.plainCache.Load(key); ok {
		return s.(string)
	}
	s := c.localize(c.localizer(t), &goi18n.LocalizeConfig{MessageID: id})
	c.plainCache.Store(key, s)
	return s
}

// N is the message id in the plural form for count n; the message reads the
// number as {{.Count}}, besides its other named values, written as the
// language writes numbers (Int: "4,123", "4.123", "4 123"), while the form
// is chosen by the number itself.
func N(ctx context.Context, id string, n int, args Args) string {
	return localize(ctx, pluralConfig(ctx, id, n, args))
}

func pluralConfig(ctx context.Context, id string, n int, args Args) *goi18n.LocalizeConfig {
	data := make(map[string]any, len(args)+1)
	for k, v := range args {
		data[k] = v
	}
	data["Count"] = Int(ctx, int64(n))
	return &goi18n.LocalizeConfig{MessageID: id, PluralCount: n, TemplateData: data}
}

func localize(ctx context.Context, cfg *goi18n.LocalizeConfig) string {
	if ctx == nil {
		ctx = context.Background()
	}
	return messages.localize(localizer(ctx), cfg)
}

// localize says a message with the localizer of one of c's languages.
func (c *catalogue) localize(l *goi18n.Localizer, cfg *goi18n.LocalizeConfig) string {
	s, err := l.Localize(cfg)
	var notFound *goi18n.MessageNotFoundErr
	if err != nil && errors.As(err, &notFound) && l != c.english {
		// The language's files lack this message: English's says it.
		// Fallback is per message, so a file may be partial.
		return c.localize(c.english, cfg)
	}
	if err != nil && s != "" && cfg.PluralCount != nil {
		// The message lacks the plural form its language's CLDR rule gives
		// this count (French "many" for 1000000): go-i18n gave the "other"
		// form, with the count, which says it rightly enough. The tests
		// check every message has every form of its language.
		return s
	}
	if err != nil {
		// A missing message is a programming mistake (the tests check every
		// id used in the code); show the id rather than nothing.
		slog.Warn("i18n: message", "id", cfg.MessageID, "err", err)
		return cfg.MessageID
	}
	return s
}

// Own is message id in language lang's own files, with no named values:
// ok is false when lang is not exactly the code of one of Languages, or
// its files lack the message (where T would fall back to English). It is
// for text a page marks as English when the language lacks it (the rule
// index).
func Own(lang, id string) (string, bool) {
	for _, l := range Languages() {
		if l.Code != lang {
			continue
		}
		s, err := messages.localizer(l.Tag).Localize(&goi18n.LocalizeConfig{MessageID: id})
		return s, err == nil
	}
	return "", false
}

// Has reports whether the English file defines id (for tests).
func Has(id string) bool {
	_, err := messages.english.Localize(&goi18n.LocalizeConfig{MessageID: id, PluralCount: 2})
	return err == nil
}
