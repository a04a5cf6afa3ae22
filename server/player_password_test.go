package server_test

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
)

// A player sets a password of their own on their page (each bad field
// named), then signs in with it on another browser by member number or
// player number; a wrong password is refused and, after five from one
// address, the form is locked for a while; a removed password no longer
// signs in, nor does a password of someone else's number.
func TestPlayerPasswordSignIn(t *testing.T) {
	t.Parallel()
	f := newLeagueFixture(t)
	a := f.a
	phone := signedInPlayer(t, a, f.link)
	me := phone.get("/me")
	if !strings.Contains(me.body, "You have no password: you sign in with your link.") {
		t.Errorf("no password yet, says:\n%s", excerpt(me.body))
	}
	for _, c := range []struct {
		form      url.Values
		field, is string
	}{
		{url.Values{"password": {"short"}, "password_confirm": {"short"}}, "password", "The password needs at least 8 characters."},
		{url.Values{"password": {"kamehameha"}, "password_confirm": {"kamehameha!"}}, "password_confirm", "The two passwords differ: type the same one twice."},
		{url.Values{"password": {strings.Repeat("x", 73)}, "password_confirm": {strings.Repeat("x", 73)}}, "password", "The password may have at most 72 characters."},
	} {
		r := phone.post("/me", "/me/password", c.form)
		expectStatus(t, "bad password "+c.field, r, http.StatusUnprocessableEntity)
		if !strings.Contains(r.body, c.is) || !strings.Contains(r.body, `id="`+c.field+`" name="`+c.field+`"`) || !strings.Contains(r.body, `aria-invalid="true"`) {
			t.Errorf("%s: the form does not name the field:\n%s", c.field, excerpt(r.body))
		}
	}
	if r := phone.postRaw("/me/password", url.Values{"password": {"kamehameha"}, "password_confirm": {"kamehameha"}}); r.status != http.StatusForbidden {
		t.Errorf("no CSRF token: %d", r.status)
	}
	expectStatus(t, "set a password signed out", a.browser().post("/me/signin", "/me/password",
		url.Values{"password": {"kamehameha"}, "password_confirm": {"kamehameha"}}), http.StatusNotFound)
	expectRedirect(t, "set the password", phone.post("/me", "/me/password", url.Values{"password": {"kamehameha"}, "password_confirm": {"kamehameha"}}), "/me")
	me = phone.get("/me")
	if !strings.Contains(me.body, "Your password was saved.") || !strings.Contains(me.body, "sign in with your player number "+strconv.FormatInt(f.goku, 10)) {
		t.Errorf("after setting it:\n%s", excerpt(me.body))
	}
	p, err := a.store.PlayerByID(context.Background(), f.goku)
	if err != nil || !p.HasPassword() || strings.Contains(*p.PasswordHash, "kamehameha") {
		t.Fatalf("the password is not stored hashed: %v", err)
	}

	signIn := func(b *browser, number, password string) response {
		return b.post("/me/signin", "/me/signin", url.Values{"number": {number}, "password": {password}})
	}
	for _, number := range []string{"M-1", strconv.FormatInt(f.goku, 10)} {
		laptop := a.browser()
		expectRedirect(t, "sign in by "+number, signIn(laptop, number, "kamehameha"), "/me")
		if r := laptop.get("/me"); r.status != http.StatusOK || !strings.Contains(r.body, "Son Goku") {
			t.Errorf("signed in by %s: %d", number, r.status)
		}
	}
	empty := signIn(a.browser(), "", "kamehameha")
	expectStatus(t, "no number", empty, http.StatusUnprocessableEntity)
	if !strings.Contains(empty.body, "Type your player number or member number.") {
		t.Errorf("no number:\n%s", excerpt(empty.body))
	}
	guesser := a.browser()
	for i := range 5 {
		r := signIn(guesser, "M-1", "wrong guess "+strconv.Itoa(i))
		expectStatus(t, "a wrong password", r, http.StatusUnauthorized)
		if !strings.Contains(r.body, "That number and password do not match a player with a password.") {
			t.Errorf("a wrong password says:\n%s", excerpt(r.body))
		}
	}
	locked := signIn(guesser, "M-1", "kamehameha")
	expectStatus(t, "the sixth try", locked, http.StatusTooManyRequests)
	if !strings.Contains(locked.body, "Too many wrong tries: wait 15 minutes, then try again.") {
		t.Errorf("locked out says:\n%s", excerpt(locked.body))
	}
	// Another player's number with Goku's password is nobody.
	expectStatus(t, "another number", signIn(a.browser(), "999999", "kamehameha"), http.StatusUnauthorized)

	expectRedirect(t, "remove the password", phone.post("/me", "/me/password", url.Values{"clear": {"1"}}), "/me")
	if r := phone.get("/me"); !strings.Contains(r.body, "Your password was removed: you sign in with your link.") {
		t.Errorf("after removing it:\n%s", excerpt(r.body))
	}
	expectStatus(t, "the removed password", signIn(a.browser(), strconv.FormatInt(f.goku, 10), "kamehameha"), http.StatusUnauthorized)
}
