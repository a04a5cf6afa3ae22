package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/tenkaichi-org/tenkaichi/server"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

func init() {
	register(command{name: "serve", summary: func(ctx context.Context) string { return i18n.T(ctx, "CliSummaryServe", nil) }, run: runServe, stopsItself: true})
}

func runServe(ctx context.Context, env *cliEnv, args []string) int {
	started := time.Now()
	o, code, done := parseServeFlags(ctx, env, args)
	if done {
		return code
	}
	log := slog.New(slog.NewTextHandler(env.stderr, &slog.HandlerOptions{Level: o.level}))

	st, err := openStore(ctx, env, o.db, log)
	if err != nil {
		log.Error("database unavailable", "err", err)
		complainOf(ctx, env.stderr, err)
		return 1
	}
	defer st.Close()
	applied, err := st.Migrate(ctx)
	if err != nil {
		complainOf(ctx, env.stderr, err)
		return 1
	}
	if len(applied) > 0 {
		log.Info("migrated database", "versions", applied)
	}
	st.WarmConnections(ctx)
	ln, err := net.Listen("tcp", o.addr)
	if err != nil {
		fmt.Fprintln(env.stderr, i18n.T(ctx, "CliCannotListen", i18n.Args{"Addr": o.addr, "Err": err}))
		return 1
	}
	if o.pprof != "" {
		stop, err := serveProfiler(o.pprof, log)
		if err != nil {
			fmt.Fprintln(env.stderr, i18n.T(ctx, "CliPprofCannotListen", i18n.Args{"Addr": o.pprof, "Err": err}))
			return 1
		}
		defer stop()
	}
	srv := server.New(server.Config{Store: st, Logger: log, SecureCookies: o.secure, TrustedProxies: o.trusted, BaseURL: o.base})
	log.Info("tenkaichi listening", "url", "http://"+ln.Addr().String(), "database", describeStore(env, o.db),
		"version", version, "startup_ms", time.Since(started).Milliseconds(), "pid", os.Getpid())
	if err := srv.Serve(ctx, ln); err != nil {
		complainOf(ctx, env.stderr, err)
		return 1
	}
	log.Info("stopped")
	return 0
}

// serveOptions are serve's flags (or their environment variables), read.
type serveOptions struct {
	addr, pprof string
	db          dbFlags
	secure      bool
	level       slog.Level
	trusted     []*net.IPNet
	base        string
}

// parseServeFlags reads serve's flags; done with the exit code when they
// are wrong or asked for help.
func parseServeFlags(ctx context.Context, env *cliEnv, args []string) (o serveOptions, code int, done bool) {
	fs := newFlagSet(ctx, env, "serve", "[--addr HOST:PORT] [--data DIR]",
		i18n.T(ctx, "CliServeHelp", nil))
	addrDef := env.getenv("TENKAICHI_ADDR")
	if addrDef == "" {
		addrDef = "127.0.0.1:8080"
	}
	addr := fs.String("addr", addrDef, i18n.T(ctx, "CliServeAddrFlag", nil))
	o.db.register(ctx, fs, env)
	secure := fs.Bool("secure-cookies", env.getenv("TENKAICHI_SECURE_COOKIES") == "true",
		i18n.T(ctx, "CliServeSecureFlag", nil))
	proxies := fs.String("trusted-proxies", env.getenv("TENKAICHI_TRUSTED_PROXIES"),
		i18n.T(ctx, "CliServeProxiesFlag", nil))
	baseURL := fs.String("base-url", env.getenv("TENKAICHI_BASE_URL"),
		i18n.T(ctx, "CliServeBaseURLFlag", nil))
	pprofAddr := fs.String("pprof", env.getenv("TENKAICHI_PPROF"),
		i18n.T(ctx, "CliServePprofFlag", nil))
	logLevel := fs.String("log-level", envOr(env, "TENKAICHI_LOG_LEVEL", "info"), i18n.T(ctx, "CliServeLogLevelFlag", nil))
	if code, done := parseFlags(ctx, fs, args); done {
		return o, code, true
	}
	o.addr, o.secure, o.pprof = *addr, *secure, *pprofAddr
	fail := func(problem string) (serveOptions, int, bool) {
		fmt.Fprintln(env.stderr, problem)
		return o, 2, true
	}
	if fs.NArg() > 0 {
		return fail(i18n.T(ctx, "CliServeUnexpectedArg", i18n.Args{"Arg": strconv.Quote(fs.Arg(0))}))
	}
	if err := o.level.UnmarshalText([]byte(*logLevel)); err != nil {
		return fail(i18n.T(ctx, "CliServeBadLogLevel", i18n.Args{"Value": strconv.Quote(*logLevel)}))
	}
	trusted, bad := parseProxies(*proxies)
	if bad != "" {
		return fail(i18n.T(ctx, "CliServeBadProxy", i18n.Args{"Item": strconv.Quote(bad)}))
	}
	o.trusted = trusted
	base, err := server.ParseBaseURL(*baseURL)
	if err != nil {
		problem := err.Error()
		var bad *server.BaseURLError
		if errors.As(err, &bad) {
			problem = bad.Message(ctx)
		}
		return fail(i18n.T(ctx, "CliServeBadBaseURL", i18n.Args{"Value": strconv.Quote(*baseURL), "Problem": problem}))
	}
	o.base = base
	return o, 0, false
}

func envOr(env *cliEnv, key, def string) string {
	if v := strings.TrimSpace(env.getenv(key)); v != "" {
		return v
	}
	return def
}

// parseProxies reads "10.0.0.1, 192.168.0.0/16": single addresses become
// ranges of one. bad is the first item that is neither.
func parseProxies(list string) (ranges []*net.IPNet, bad string) {
	var out []*net.IPNet
	for _, item := range strings.Split(list, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		if !strings.Contains(item, "/") {
			ip := net.ParseIP(item)
			if ip == nil {
				return nil, item
			}
			bits := 128
			if ip.To4() != nil {
				ip, bits = ip.To4(), 32
			}
			out = append(out, &net.IPNet{IP: ip, Mask: net.CIDRMask(bits, bits)})
			continue
		}
		_, n, err := net.ParseCIDR(item)
		if err != nil {
			return nil, item
		}
		out = append(out, n)
	}
	return out, ""
}
