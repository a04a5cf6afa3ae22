package main

import (
	"bytes"
	"context"
	"io"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tenkaichi-org/tenkaichi/storage/storagetest"
)

// syncBuffer is a bytes.Buffer safe for the server goroutine and the test.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// testEnv gives a command the database of this test run: a SQLite data
// directory, or a fresh PostgreSQL database in DATABASE_URL.
func testEnv(t *testing.T, stdin string) (*cliEnv, *syncBuffer, *syncBuffer, []string) {
	t.Helper()
	cfg := storagetest.Config(t)
	vars := map[string]string{"DATABASE_URL": cfg.DatabaseURL}
	var dataArgs []string
	if cfg.DatabaseURL == "" {
		dataArgs = []string{"--data", filepath.Dir(cfg.SQLitePath)}
	}
	out, errb := &syncBuffer{}, &syncBuffer{}
	env := &cliEnv{stdin: strings.NewReader(stdin), stdout: out, stderr: errb, getenv: func(k string) string { return vars[k] }}
	return env, out, errb, dataArgs
}

func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	return addr
}

func TestServeStartsServesAndStopsGracefully(t *testing.T) {
	env, _, errb, dataArgs := testEnv(t, "")
	addr := freeAddr(t)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan int, 1)
	go func() { done <- run(ctx, env, append([]string{"serve", "--addr", addr}, dataArgs...)) }()

	var res *http.Response
	var err error
	for i := 0; i < 100; i++ {
		res, err = http.Get("http://" + addr + "/healthz")
		if err == nil {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	if err != nil {
		cancel()
		t.Fatalf("server never answered: %v\n%s", err, errb.String())
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || string(body) != "ok\n" {
		t.Fatalf("healthz: %d %q", res.StatusCode, body)
	}
	// A fresh installation shows the setup page.
	res, err = http.Get("http://" + addr + "/")
	if err != nil {
		t.Fatal(err)
	}
	body, _ = io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 || !strings.Contains(string(body), "Create the organiser account") {
		t.Fatalf("home on a new installation: %d\n%s", res.StatusCode, body)
	}
	cancel()
	select {
	case code := <-done:
		if code != 0 {
			t.Fatalf("serve exited %d\n%s", code, errb.String())
		}
	case <-time.After(20 * time.Second):
		t.Fatal("serve did not stop after cancel")
	}
	if !strings.Contains(errb.String(), "shutting down") {
		t.Errorf("no shutdown log line:\n%s", errb.String())
	}
}

func TestServeCreatesDataDirectory(t *testing.T) {
	if storagetest.Backend() != "sqlite" {
		t.Skip("the data directory is for SQLite only; this run tests PostgreSQL")
	}
	dir := filepath.Join(t.TempDir(), "new", "data")
	out, errb := &syncBuffer{}, &syncBuffer{}
	env := &cliEnv{stdin: strings.NewReader(""), stdout: out, stderr: errb, getenv: func(string) string { return "" }}
	if code := run(context.Background(), env, []string{"migrate", "--data", dir}); code != 0 {
		t.Fatalf("migrate exited %d: %s", code, errb.String())
	}
	if _, err := os.Stat(filepath.Join(dir, "tenkaichi.db")); err != nil {
		t.Fatalf("no database file: %v", err)
	}
}

func TestUnreachableDatabaseFailsClearly(t *testing.T) {
	out, errb := &syncBuffer{}, &syncBuffer{}
	// Port 1 on loopback refuses connections at once.
	vars := map[string]string{"DATABASE_URL": "postgres://tk:secret@127.0.0.1:1/tenkaichi?sslmode=disable&connect_timeout=2"}
	env := &cliEnv{stdin: strings.NewReader(""), stdout: out, stderr: errb, getenv: func(k string) string { return vars[k] }}
	code := run(context.Background(), env, []string{"serve", "--addr", freeAddr(t)})
	if code == 0 {
		t.Fatal("serve with an unreachable database exited 0")
	}
	msg := errb.String()
	if !strings.Contains(msg, "DATABASE_URL") || !strings.Contains(msg, "127.0.0.1:1") {
		t.Errorf("message does not name DATABASE_URL and the server:\n%s", msg)
	}
	if strings.Contains(msg, "secret") {
		t.Errorf("message shows the password:\n%s", msg)
	}
	vars["DATABASE_URL"] = "mysql://x"
	if code := run(context.Background(), env, []string{"migrate"}); code == 0 || !strings.Contains(errb.String(), "postgres://") {
		t.Errorf("non-postgres URL: exit %d\n%s", code, errb.String())
	}
}

func TestMigrateUpAndStatus(t *testing.T) {
	env, out, errb, dataArgs := testEnv(t, "")
	if code := run(context.Background(), env, append([]string{"migrate", "status"}, dataArgs...)); code != 0 {
		t.Fatalf("status exited %d: %s", code, errb.String())
	}
	if !strings.Contains(out.String(), "00001  pending") {
		t.Fatalf("status before migrating:\n%s", out.String())
	}
	if code := run(context.Background(), env, append([]string{"migrate", "up"}, dataArgs...)); code != 0 {
		t.Fatalf("up exited %d: %s", code, errb.String())
	}
	if !strings.Contains(out.String(), "applied 00001") {
		t.Fatalf("up output:\n%s", out.String())
	}
	if code := run(context.Background(), env, append([]string{"migrate", "status"}, dataArgs...)); code != 0 {
		t.Fatal("status after up failed")
	}
	if !strings.Contains(out.String(), "00001  applied") {
		t.Fatalf("status after up:\n%s", out.String())
	}
	if code := run(context.Background(), env, append([]string{"migrate", "sideways"}, dataArgs...)); code != 2 {
		t.Fatalf("unknown action exited %d, want 2", code)
	}
}

func TestUserAdd(t *testing.T) {
	env, out, errb, dataArgs := testEnv(t, "a long enough password\n")
	args := append([]string{"user", "add", "--username", "jules", "--role", "judge", "--name", "Jules"}, dataArgs...)
	if code := run(context.Background(), env, args); code != 0 {
		t.Fatalf("user add exited %d: %s", code, errb.String())
	}
	if !strings.Contains(out.String(), `created judge account "jules"`) {
		t.Fatalf("output: %s", out.String())
	}
	env.stdin = strings.NewReader("a long enough password\n")
	if code := run(context.Background(), env, args); code != 1 || !strings.Contains(errb.String(), "taken") {
		t.Fatalf("duplicate user: exit %d: %s", code, errb.String())
	}
	env.stdin = strings.NewReader("short\n")
	if code := run(context.Background(), env, append([]string{"user", "add", "--username", "kim"}, dataArgs...)); code != 2 {
		t.Fatalf("short password exited %d", code)
	}
	if code := run(context.Background(), env, append([]string{"user", "add", "--username", "kim", "--role", "admin"}, dataArgs...)); code != 2 {
		t.Fatalf("bad role exited %d", code)
	}
}

func TestHelpOnEveryCommand(t *testing.T) {
	for _, name := range sortedNames() {
		out, errb := &syncBuffer{}, &syncBuffer{}
		env := &cliEnv{stdin: strings.NewReader(""), stdout: out, stderr: errb, getenv: func(string) string { return "" }}
		args := append(strings.Fields(name), "--help")
		if code := run(context.Background(), env, args); code != 0 {
			t.Errorf("%s --help exited %d", name, code)
		}
		if !strings.Contains(out.String()+errb.String(), "Usage: tenkaichi "+name) {
			t.Errorf("%s --help does not print its usage:\n%s%s", name, out.String(), errb.String())
		}
	}
}

func TestUnknownCommand(t *testing.T) {
	out, errb := &syncBuffer{}, &syncBuffer{}
	env := &cliEnv{stdin: strings.NewReader(""), stdout: out, stderr: errb, getenv: func(string) string { return "" }}
	if code := run(context.Background(), env, []string{"frobnicate"}); code != 2 || !strings.Contains(errb.String(), `unknown command "frobnicate"`) {
		t.Fatalf("unknown command: exit %d, %s", code, errb.String())
	}
}

func TestServeRefusesBadTrustedProxies(t *testing.T) {
	out, errb := &syncBuffer{}, &syncBuffer{}
	env := &cliEnv{stdin: strings.NewReader(""), stdout: out, stderr: errb, getenv: func(string) string { return "" }}
	code := run(context.Background(), env, []string{"serve", "--trusted-proxies", "10.0.0.1, proxy.local"})
	if code != 2 || !strings.Contains(errb.String(), `"proxy.local" is not an IP address or CIDR range`) {
		t.Fatalf("bad proxy: exit %d, %s", code, errb.String())
	}
}

func TestParseProxies(t *testing.T) {
	got, bad := parseProxies(" 10.0.0.1 ,192.168.0.0/16,, ::1")
	if bad != "" {
		t.Fatal(bad)
	}
	want := []string{"10.0.0.1/32", "192.168.0.0/16", "::1/128"}
	if len(got) != len(want) {
		t.Fatalf("got %v", got)
	}
	for i := range want {
		if got[i].String() != want[i] {
			t.Errorf("range %d = %s, want %s", i, got[i], want[i])
		}
	}
	if _, bad := parseProxies("10.0.0.0/33"); bad != "10.0.0.0/33" {
		t.Errorf("a /33 was accepted (bad %q)", bad)
	}
}

func TestServeBaseURL(t *testing.T) {
	// A wrong address stops serve before it listens, naming the flag.
	for _, c := range []struct{ env, flag string }{{"tables.example", ""}, {"", "http://tables.example/tenkaichi"}} {
		env, _, errb, dataArgs := testEnv(t, "")
		inner := env.getenv
		env.getenv = func(k string) string {
			if k == "TENKAICHI_BASE_URL" {
				return c.env
			}
			return inner(k)
		}
		args := append([]string{"serve", "--addr", freeAddr(t)}, dataArgs...)
		if c.flag != "" {
			args = append(args, "--base-url", c.flag)
		}
		if code := run(context.Background(), env, args); code != 2 || !strings.Contains(errb.String(), "--base-url") {
			t.Errorf("serve with base URL env %q flag %q: exit %d\n%s", c.env, c.flag, code, errb.String())
		}
	}

	// The flag wins over the environment, and the server uses it: the
	// organiser's settings page shows it as fixed.
	env, _, errb, dataArgs := testEnv(t, "")
	inner := env.getenv
	env.getenv = func(k string) string {
		if k == "TENKAICHI_BASE_URL" {
			return "http://from-env.example"
		}
		return inner(k)
	}
	addr := freeAddr(t)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan int, 1)
	go func() {
		done <- run(ctx, env, append([]string{"serve", "--addr", addr, "--base-url", "http://Tables.example:8080/"}, dataArgs...))
	}()
	defer func() {
		cancel()
		select {
		case <-done:
		case <-time.After(20 * time.Second):
			t.Error("serve did not stop")
		}
	}()
	jar, _ := cookiejar.New(nil)
	client := &http.Client{Jar: jar}
	var page string
	for i := 0; i < 100; i++ {
		res, err := client.Get("http://" + addr + "/setup")
		if err == nil {
			b, _ := io.ReadAll(res.Body)
			res.Body.Close()
			page = string(b)
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	tok := regexp.MustCompile(`name="_csrf" value="([^"]+)"`).FindStringSubmatch(page)
	if tok == nil {
		t.Fatalf("no setup form:\n%s\n%s", page, errb.String())
	}
	res, err := client.PostForm("http://"+addr+"/setup", url.Values{"_csrf": {tok[1]}, "username": {"org"},
		"password": {"a long enough password"}, "password2": {"a long enough password"}})
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	res, err = client.Get("http://" + addr + "/settings")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if !strings.Contains(string(b), "<code>http://tables.example:8080</code>") {
		t.Fatalf("settings page does not show the flag's address:\n%s", b)
	}
}
