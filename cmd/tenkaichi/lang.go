package main

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// The command line's human output is in the language --lang names (any
// command, anywhere before "--"), else the one the POSIX locale variables
// name (LC_ALL, then LC_MESSAGES, then LANG, as gettext reads them), else
// English. JSON output stays English-keyed whatever the language.

// takeLangFlag removes --lang (--lang X, --lang=X, -lang X) from args and
// returns its value; ok is false when --lang has no value.
func takeLangFlag(args []string) (lang string, rest []string, ok bool) {
	rest = make([]string, 0, len(args))
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			rest = append(rest, args[i:]...)
			break
		}
		switch {
		case a == "--lang" || a == "-lang":
			if i+1 >= len(args) {
				return "", nil, false
			}
			lang = args[i+1]
			i++
		case strings.HasPrefix(a, "--lang=") || strings.HasPrefix(a, "-lang="):
			lang = a[strings.IndexByte(a, '=')+1:]
		default:
			rest = append(rest, a)
		}
	}
	return lang, rest, true
}

// localeLanguage is the language of a POSIX locale value ("de_DE.UTF-8",
// "pt_BR", "ja_JP.eucJP@x") as a BCP 47 tag ("de-DE"); "" for C, POSIX
// and an empty value, which mean no language.
func localeLanguage(value string) string {
	if i := strings.IndexAny(value, ".@"); i >= 0 {
		value = value[:i]
	}
	if value == "" || value == "C" || value == "POSIX" {
		return ""
	}
	return strings.ReplaceAll(value, "_", "-")
}

// cliLanguage is the offered language the command line speaks: --lang
// (which must name an offered language, like the web's choices), else the
// locale's best fit, else English; known is false for a --lang that names
// no offered language.
func cliLanguage(env *cliEnv, flagValue string) (code string, known bool) {
	if flagValue != "" {
		if code := i18n.Supported(flagValue); code != "" {
			return code, true
		}
		// A regional tag ("de-AT", "pt-PT") gets the language's offered
		// variant; a tag that fits no language is refused, not guessed.
		code := i18n.Negotiate(flagValue)
		base, _, _ := strings.Cut(strings.ToLower(flagValue), "-")
		return code, code != "en" || base == "en"
	}
	for _, name := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		if v := env.getenv(name); v != "" {
			// The first one set decides, even as C: that is how the
			// locale variables work.
			if tag := localeLanguage(v); tag != "" {
				return i18n.Negotiate(tag), true
			}
			return "en", true
		}
	}
	return "en", true
}

// offeredLanguages is the list of --lang values, for an error.
func offeredLanguages() string {
	var codes []string
	for _, l := range i18n.Languages() {
		codes = append(codes, l.Code)
	}
	return strings.Join(codes, ", ")
}

// speak puts the command line's language in ctx and takes --lang out of
// args; it says on stderr (in English: no language was settled) and returns
// ok false when --lang is wrong.
func speak(ctx context.Context, env *cliEnv, args []string) (context.Context, []string, bool) {
	flagValue, rest, ok := takeLangFlag(args)
	if !ok {
		fmt.Fprintln(env.stderr, i18n.T(ctx, "CliLangNeedsValue", nil))
		return ctx, nil, false
	}
	code, known := cliLanguage(env, flagValue)
	if !known {
		fmt.Fprintln(env.stderr, i18n.T(ctx, "CliUnknownLanguage", i18n.Args{"Lang": strconv.Quote(flagValue), "Languages": offeredLanguages()}))
		return ctx, nil, false
	}
	return i18n.WithLanguage(ctx, code), rest, true
}
