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
	"github.com/tenkaichi-org/tenkaichi/storage/accounts"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
	"golang.org/x/crypto/bcrypt"
	"golang.org/x/term"
)

func init() {
	register(command{name: "user add", summary: func(ctx context.Context) string { return i18n.T(ctx, "CliSummaryUserAdd", nil) }, run: runUserAdd})
}

func runUserAdd(ctx context.Context, env *cliEnv, args []string) int {
	fs := newFlagSet(ctx, env, "user add", "--username NAME [--role organiser|judge] [--name DISPLAY] [--store STORE] [--admin] [--data DIR]",
		i18n.T(ctx, "CliUserAddHelp", nil))
	username := fs.String("username", "", i18n.T(ctx, "CliUserAddUsernameFlag", nil))
	role := fs.String("role", storage.RoleOrganiser, i18n.T(ctx, "CliUserAddRoleFlag", nil))
	name := fs.String("name", "", i18n.T(ctx, "CliUserAddNameFlag", nil))
	storeName := fs.String("store", "", i18n.T(ctx, "CliUserAddStoreFlag", nil))
	admin := fs.Bool("admin", false, i18n.T(ctx, "CliUserAddAdminFlag", nil))
	var db dbFlags
	db.register(ctx, fs, env)
	if code, done := parseFlags(ctx, fs, args); done {
		return code
	}
	if *username == "" || fs.NArg() > 0 {
		fmt.Fprintln(env.stderr, i18n.T(ctx, "CliUserAddUsage", nil))
		return 2
	}
	if *role != storage.RoleOrganiser && *role != storage.RoleJudge {
		fmt.Fprintln(env.stderr, i18n.T(ctx, "CliUserAddBadRole", i18n.Args{"Role": strconv.Quote(*role)}))
		return 2
	}
	if *admin && *role != storage.RoleOrganiser {
		fmt.Fprintln(env.stderr, i18n.T(ctx, "CliUserAddAdminNeedsOrganiser", nil))
		return 2
	}
	hash, code := newPasswordHash(ctx, env)
	if code != 0 {
		return code
	}
	st, err := openStore(ctx, env, db, nil)
	if err != nil {
		complainOf(ctx, env.stderr, err)
		return 1
	}
	defer st.Close()
	if _, err := st.Migrate(ctx); err != nil {
		complainOf(ctx, env.stderr, err)
		return 1
	}
	u := &storage.User{Username: *username, DisplayName: *name, PasswordHash: string(hash), Role: *role, IsAdmin: *admin}
	shop, err := addUser(ctx, st, u, *storeName)
	var problem *userAddProblem
	switch {
	case errors.As(err, &problem):
		fmt.Fprintln(env.stderr, problem.msg)
		return 1
	case errors.Is(err, storage.ErrConflict):
		fmt.Fprintln(env.stderr, i18n.T(ctx, "CliUserAddTaken", i18n.Args{"Username": strconv.Quote(*username)}))
		return 1
	case err != nil:
		complainOf(ctx, env.stderr, err)
		return 1
	}
	who := i18n.Args{"Username": strconv.Quote(u.Username), "Store": strconv.Quote(shop.Name)}
	switch {
	case u.IsAdmin:
		fmt.Fprintln(env.stdout, i18n.T(ctx, "CliUserCreatedAdmin", who))
	case u.Role == storage.RoleOrganiser:
		fmt.Fprintln(env.stdout, i18n.T(ctx, "CliUserCreatedOrganiser", who))
	default:
		fmt.Fprintln(env.stdout, i18n.T(ctx, "CliUserCreatedJudge", who))
	}
	return 0
}

// newPasswordHash reads the new account's password and hashes it; code is
// the exit code when it cannot (2: none or of the wrong length).
func newPasswordHash(ctx context.Context, env *cliEnv) ([]byte, int) {
	pw, err := readPassword(ctx, env)
	if errors.Is(err, errNoPassword) {
		fmt.Fprintln(env.stderr, i18n.T(ctx, "CliUserAddNoPassword", nil))
		return nil, 2
	}
	if err != nil {
		complain(ctx, env.stderr, "user add", errText(ctx, err))
		return nil, 2
	}
	if len([]rune(pw)) < 10 || len(pw) > 72 {
		fmt.Fprintln(env.stderr, i18n.T(ctx, "CliUserAddPasswordLength", i18n.Args{"Min": 10, "Max": 72}))
		return nil, 2
	}
	hash, err := bcrypt.GenerateFromPassword([]byte(pw), bcrypt.DefaultCost+2)
	if err != nil {
		complain(ctx, env.stderr, "user add", errText(ctx, err))
		return nil, 1
	}
	return hash, 0
}

// userAddProblem is a store that cannot be chosen, said in words.
type userAddProblem struct{ msg string }

func (p *userAddProblem) Error() string { return p.msg }

// addUser creates u: the first account of an installation as the set-up
// page does (admin, first store), any other in the named store, or in the
// only store when none is named.
func addUser(ctx context.Context, st *storage.Store, u *storage.User, storeName string) (*accounts.Shop, error) {
	n, err := accounts.New(st).CountUsers(ctx)
	if err != nil {
		return nil, err
	}
	if n == 0 && storeName == "" {
		if err := accounts.New(st).CreateFirstUser(ctx, u); err == nil {
			return accounts.New(st).FirstShop(ctx)
		} else if !errors.Is(err, accounts.ErrSetupDone) {
			return nil, err
		}
		// Someone made the first account meanwhile: go on as for any other.
	}
	shops, err := accounts.New(st).Shops(ctx)
	if err != nil {
		return nil, err
	}
	names := make([]string, len(shops))
	for i, sh := range shops {
		names[i] = strconv.Quote(sh.Name)
	}
	var shop *accounts.Shop
	switch {
	case storeName != "":
		shop, err = accounts.New(st).ShopByName(ctx, storeName)
		if errors.Is(err, storage.ErrNotFound) {
			return nil, &userAddProblem{i18n.T(ctx, "CliUserAddNoSuchStore", i18n.Args{"Store": strconv.Quote(storeName), "Stores": strings.Join(names, ", ")})}
		} else if err != nil {
			return nil, err
		}
	case len(shops) == 1:
		shop = &shops[0]
	default:
		return nil, &userAddProblem{i18n.T(ctx, "CliUserAddWhichStore", i18n.Args{"Stores": strings.Join(names, ", ")})}
	}
	return shop, accounts.New(st).CreateUserInShop(ctx, storage.ActorCommandLine, u, shop.ID)
}

// errNoPassword is standard input without a line for the password.
var errNoPassword = errors.New("no password on standard input")

func readPassword(ctx context.Context, env *cliEnv) (string, error) {
	if f, ok := env.stdin.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		fmt.Fprint(env.stderr, i18n.T(ctx, "CliPasswordPrompt", nil))
		b, err := term.ReadPassword(int(f.Fd()))
		fmt.Fprintln(env.stderr)
		return string(b), err
	}
	// A password has at most 72 bytes: read no more than a line of 1 KB.
	line, err := bufio.NewReader(io.LimitReader(env.stdin, 1<<10)).ReadString('\n')
	if err != nil && line == "" {
		return "", errNoPassword
	}
	return strings.TrimRight(line, "\r\n"), nil
}
