package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/tenkaichi-org/tenkaichi/storage"
	"golang.org/x/crypto/bcrypt"
	"golang.org/x/term"
)

func init() {
	register(command{name: "user add", summary: "create an organiser or judge account", run: runUserAdd})
}

func runUserAdd(ctx context.Context, env *cliEnv, args []string) int {
	fs := newFlagSet(env, "user add", "--username NAME [--role organiser|judge] [--name DISPLAY] [--store STORE] [--admin] [--data DIR]",
		"Creates an account in a store. The password is asked for on a terminal, or read from the\n"+
			"first line of standard input when it is not a terminal (at least 10 characters).\n"+
			"The first account of a new installation is the instance admin and an organiser of the\n"+
			"first store, as with the set-up page. Later accounts join the store --store names; it may\n"+
			"be left out while the installation has one store.")
	username := fs.String("username", "", "login name (letters, digits, . _ -)")
	role := fs.String("role", storage.RoleOrganiser, "organiser or judge")
	name := fs.String("name", "", "name shown on pages")
	storeName := fs.String("store", "", "the store the account belongs to (its name, as on the Stores page)")
	admin := fs.Bool("admin", false, "make the account an instance admin (organisers only): stores, card pool, ban lists, settings")
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
	if *admin && *role != storage.RoleOrganiser {
		fmt.Fprintln(env.stderr, "user add: only an organiser can be an instance admin (--admin needs --role organiser)")
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
	u := &storage.User{Username: *username, DisplayName: *name, PasswordHash: string(hash), Role: *role, IsAdmin: *admin}
	shop, err := addUser(ctx, st, u, *storeName)
	var problem *userAddProblem
	switch {
	case errors.As(err, &problem):
		fmt.Fprintf(env.stderr, "user add: %s\n", problem.msg)
		return 1
	case errors.Is(err, storage.ErrConflict):
		fmt.Fprintf(env.stderr, "user add: the username %q is taken\n", *username)
		return 1
	case err != nil:
		fmt.Fprintf(env.stderr, "tenkaichi: %v\n", err)
		return 1
	}
	what := u.Role
	if u.IsAdmin {
		what = "instance admin " + u.Role
	}
	fmt.Fprintf(env.stdout, "created %s account %q in store %q\n", what, u.Username, shop.Name)
	return 0
}

// userAddProblem is a store that cannot be chosen, said in words.
type userAddProblem struct{ msg string }

func (p *userAddProblem) Error() string { return p.msg }

// addUser creates u: the first account of an installation as the set-up
// page does (admin, first store), any other in the named store, or in the
// only store when none is named.
func addUser(ctx context.Context, st *storage.Store, u *storage.User, storeName string) (*storage.Shop, error) {
	n, err := st.CountUsers(ctx)
	if err != nil {
		return nil, err
	}
	if n == 0 && storeName == "" {
		if err := st.CreateFirstUser(ctx, u); err == nil {
			return st.FirstShop(ctx)
		} else if !errors.Is(err, storage.ErrSetupDone) {
			return nil, err
		}
		// Someone made the first account meanwhile: go on as for any other.
	}
	shops, err := st.Shops(ctx)
	if err != nil {
		return nil, err
	}
	names := make([]string, len(shops))
	for i, sh := range shops {
		names[i] = strconv.Quote(sh.Name)
	}
	var shop *storage.Shop
	switch {
	case storeName != "":
		shop, err = st.ShopByName(ctx, storeName)
		if errors.Is(err, storage.ErrNotFound) {
			return nil, &userAddProblem{fmt.Sprintf("no store is named %q; the stores are %s", storeName, strings.Join(names, ", "))}
		} else if err != nil {
			return nil, err
		}
	case len(shops) == 1:
		shop = &shops[0]
	default:
		return nil, &userAddProblem{"this installation has several stores: name the account's store with --store (one of " + strings.Join(names, ", ") + ")"}
	}
	return shop, st.CreateUserInShop(ctx, storage.Actor{Name: "command line"}, u, shop.ID)
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
