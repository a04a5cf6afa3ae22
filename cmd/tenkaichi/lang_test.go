package main

import (
	"context"
	"strings"
	"testing"
)

// The command line speaks the language --lang names, else the locale's
// (LC_ALL, then LC_MESSAGES, then LANG), else English; a wrong --lang is
// refused with the list of languages.
func TestCommandLineLanguage(t *testing.T) {
	env, _, _, dataArgs := testEnv(t, "")
	base := env.getenv
	var out, errb *syncBuffer
	cmd := func(vars map[string]string, stdin string, args ...string) int {
		t.Helper()
		out, errb = &syncBuffer{}, &syncBuffer{}
		env.stdin, env.stdout, env.stderr = strings.NewReader(stdin), out, errb
		env.getenv = func(k string) string {
			if v, ok := vars[k]; ok {
				return v
			}
			return base(k)
		}
		return run(context.Background(), env, args)
	}
	none := map[string]string{}

	if code := cmd(map[string]string{"LANG": "ja_JP.UTF-8"}, "", "--help"); code != 0 ||
		!strings.Contains(out.String(), "使い方: tenkaichi コマンド [オプション]") || !strings.Contains(out.String(), "オーガナイザーまたはジャッジのアカウントを作成") {
		t.Errorf("help with LANG=ja_JP.UTF-8: %d\n%s", code, out)
	}
	if code := cmd(map[string]string{"LC_ALL": "C", "LANG": "de_DE.UTF-8"}, "", "--help"); code != 0 || !strings.Contains(out.String(), "Usage: tenkaichi COMMAND [options]") {
		t.Errorf("LC_ALL=C wins over LANG: %d\n%s", code, out)
	}
	if code := cmd(map[string]string{"LC_MESSAGES": "fr_CA", "LANG": "de_DE"}, "", "store", "list", "--help"); code != 0 ||
		!strings.Contains(out.String(), "Utilisation : tenkaichi store list") || !strings.Contains(out.String(), "Options :") {
		t.Errorf("LC_MESSAGES=fr_CA: %d\n%s", code, out)
	}
	// --lang wins over the locale, anywhere on the line.
	const pw = "a long enough password\n"
	if code := cmd(map[string]string{"LANG": "ja_JP.UTF-8"}, pw, append([]string{"user", "add", "--lang", "de", "--username", "org"}, dataArgs...)...); code != 0 ||
		!strings.Contains(out.String(), `Konto "org" (Organisator und Instanz-Admin) im Laden "Main store" angelegt`) {
		t.Errorf("user add --lang de: %d %s %s", code, out, errb)
	}
	if code := cmd(none, "", append([]string{"--lang=pt-br", "store", "list"}, dataArgs...)...); code != 0 ||
		!strings.Contains(out.String(), "Main store\t1 organizador\t0 juiz\t0 evento") {
		t.Errorf("store list --lang=pt-br (Portuguese takes 0 as one, by CLDR): %d %s %s", code, out, errb)
	}
	if code := cmd(none, "", append([]string{"store", "add", "--lang", "de-AT", "--name", "main STORE"}, dataArgs...)...); code != 1 ||
		!strings.Contains(errb.String(), `store add: Es gibt schon einen Laden namens "main STORE"`) {
		t.Errorf("store add --lang de-AT: %d %s", code, errb)
	}
	if code := cmd(none, "", append([]string{"--lang", "de", "migrate", "status"}, dataArgs...)...); code != 0 ||
		!strings.Contains(out.String(), "erledigt") || !strings.Contains(out.String(), "Datenbank auf Version") {
		t.Errorf("migrate status --lang de: %d %s %s", code, out, errb)
	}
	// The public address's problem comes in the command line's language too.
	if code := cmd(map[string]string{"LANG": "ja_JP.UTF-8"}, "", "serve", "--base-url", "ftp://example.org"); code != 2 ||
		!strings.Contains(errb.String(), `serve: --base-url "ftp://example.org": アドレスは http:// または https:// で始めてください。`) {
		t.Errorf("serve --base-url in Japanese: %d %s", code, errb)
	}
	if code := cmd(none, "", "--lang", "tlh", "version"); code != 2 || !strings.Contains(errb.String(), "Tenkaichi has no language \"tlh\"; the languages are en, de, es, fr, it, ja, pt-BR") {
		t.Errorf("--lang tlh: %d %s", code, errb)
	}
	if code := cmd(none, "", "version", "--lang"); code != 2 || !strings.Contains(errb.String(), "--lang needs a language") {
		t.Errorf("--lang without a value: %d %s", code, errb)
	}
	if code := cmd(none, "", "--lang", "ja", "no-such-command"); code != 2 || !strings.Contains(errb.String(), `不明なコマンド "no-such-command"`) {
		t.Errorf("unknown command in Japanese: %d %s", code, errb)
	}
}

func TestLocaleLanguage(t *testing.T) {
	for in, want := range map[string]string{
		"de_DE.UTF-8": "de-DE", "pt_BR": "pt-BR", "ja_JP.eucJP@x": "ja-JP", "fr": "fr",
		"C": "", "POSIX": "", "C.UTF-8": "", "": "",
	} {
		if got := localeLanguage(in); got != want {
			t.Errorf("localeLanguage(%q) = %q, want %q", in, got, want)
		}
	}
}
