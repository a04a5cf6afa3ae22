package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/tenkaichi-org/tenkaichi/storage"
	"golang.org/x/crypto/bcrypt"
	"golang.org/x/term"
)

func init() {
	register(command{name: "user add", summary: "create an organiser or judge account", run: runUserAdd})
}

func runUserAdd(ctx context.Context, env *cliEnv, args []string) int {
	fs := newFlagSet(env, "user add", "--username NAME [--role organiser|judge] [--name DISPLAY] [--data DIR]",
		"Creates an account. The password is asked for on a terminal, or read from the first line\n"+
			"of standard input when it is not a terminal (at least 10 characters).")
	username := fs.String("username", "", "login name (letters, digits, . _ -)")
	role := fs.String("role", storage.RoleOrganiser, "organiser or judge")
	name := fs.String("name", "", "name shown on pages")
	var db dbFlags
	db.register(fs, env)
	if code, done := parseFlags(fs, args); done {
		return code
	}
	if *username == "" || fs.NArg() > 0 {
		fmt.Fprintln(env.stderr, "user add: --username is required and no other arguments are taken")
		return 2
	}
	if *role != storage.RoleOrganiser && *role != storage.RoleJudge {
		fmt.Fprintf(env.stderr, "user add: --role must be organiser or judge, not %q\n", *role)
		return 2
	}
	pw, err := readPassword(env)
	if err != nil {
		fmt.Fprintf(env.stderr, "user add: %v\n", err)
		return 2
	}
	if len([]rune(pw)) < 10 || len(pw) > 72 {
		fmt.Fprintln(env.stderr, "user add: the password must have 10 to 72 characters")
		return 2
	}
	hash, err := bcrypt.GenerateFromPassword([]byte(pw), bcrypt.DefaultCost+2)
	if err != nil {
		fmt.Fprintf(env.stderr, "user add: %v\n", err)
		return 1
	}
	st, err := openStore(ctx, env, db, nil)
	if err != nil {
		fmt.Fprintf(env.stderr, "tenkaichi: %v\n", err)
		return 1
	}
	defer st.Close()
	if _, err := st.Migrate(ctx); err != nil {
		fmt.Fprintf(env.stderr, "tenkaichi: %v\n", err)
		return 1
	}
	u := &storage.User{Username: *username, DisplayName: *name, PasswordHash: string(hash), Role: *role}
	err = st.CreateUserAudited(ctx, storage.Actor{Name: "command line"}, u)
	if errors.Is(err, storage.ErrConflict) {
		fmt.Fprintf(env.stderr, "user add: the username %q is taken\n", *username)
		return 1
	}
	if err != nil {
		fmt.Fprintf(env.stderr, "tenkaichi: %v\n", err)
		return 1
	}
	fmt.Fprintf(env.stdout, "created %s account %q\n", u.Role, u.Username)
	return 0
}

func readPassword(env *cliEnv) (string, error) {
	if f, ok := env.stdin.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		fmt.Fprint(env.stderr, "Password: ")
		b, err := term.ReadPassword(int(f.Fd()))
		fmt.Fprintln(env.stderr)
		return string(b), err
	}
	// A password has at most 72 bytes: read no more than a line of 1 KB.
	line, err := bufio.NewReader(io.LimitReader(env.stdin, 1<<10)).ReadString('\n')
	if err != nil && line == "" {
		return "", errors.New("no password on standard input")
	}
	return strings.TrimRight(line, "\r\n"), nil
}
