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
	fs := newFlagSet(ctx, env, "serve", "[--addr HOST:PORT] [--data DIR]",
		i18n.T(ctx, "CliServeHelp", nil))
	addrDef := env.getenv("TENKAICHI_ADDR")
	if addrDef == "" {
		addrDef = "127.0.0.1:8080"
	}
	addr := fs.String("addr", addrDef, i18n.T(ctx, "CliServeAddrFlag", nil))
	var db dbFlags
	db.register(ctx, fs, env)
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
		return code
	}
	if fs.NArg() > 0 {
		fmt.Fprintln(env.stderr, i18n.T(ctx, "CliServeUnexpectedArg", i18n.Args{"Arg": strconv.Quote(fs.Arg(0))}))
		return 2
	}
	var level slog.Level
	if err := level.UnmarshalText([]byte(*logLevel)); err != nil {
		fmt.Fprintln(env.stderr, i18n.T(ctx, "CliServeBadLogLevel", i18n.Args{"Value": strconv.Quote(*logLevel)}))
		return 2
	}
	trusted, bad := parseProxies(*proxies)
	if bad != "" {
		fmt.Fprintln(env.stderr, i18n.T(ctx, "CliServeBadProxy", i18n.Args{"Item": strconv.Quote(bad)}))
		return 2
	}
	base, err := server.ParseBaseURL(*baseURL)
	if err != nil {
		problem := err.Error()
		var bad *server.BaseURLError
		if errors.As(err, &bad) {
			problem = bad.Message(ctx)
		}
		fmt.Fprintln(env.stderr, i18n.T(ctx, "CliServeBadBaseURL", i18n.Args{"Value": strconv.Quote(*baseURL), "Problem": problem}))
		return 2
	}
	log := slog.New(slog.NewTextHandler(env.stderr, &slog.HandlerOptions{Level: level}))

	st, err := openStore(ctx, env, db, log)
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
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintln(env.stderr, i18n.T(ctx, "CliCannotListen", i18n.Args{"Addr": *addr, "Err": err}))
		return 1
	}
	if *pprofAddr != "" {
		stop, err := serveProfiler(*pprofAddr, log)
		if err != nil {
			fmt.Fprintln(env.stderr, i18n.T(ctx, "CliPprofCannotListen", i18n.Args{"Addr": *pprofAddr, "Err": err}))
			return 1
		}
		defer stop()
	}
	srv := server.New(server.Config{Store: st, Logger: log, SecureCookies: *secure, TrustedProxies: trusted, BaseURL: base})
	log.Info("tenkaichi listening", "url", "http://"+ln.Addr().String(), "database", describeStore(env, db),
		"version", version, "startup_ms", time.Since(started).Milliseconds(), "pid", os.Getpid())
	if err := srv.Serve(ctx, ln); err != nil {
		complainOf(ctx, env.stderr, err)
		return 1
	}
	log.Info("stopped")
	return 0
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
