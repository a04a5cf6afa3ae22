package main

import (
	"context"
	"fmt"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
	"log/slog"
	"net"
	"os"
	"strings"
	"time"

	"github.com/tenkaichi-org/tenkaichi/server"
)

func init() {
	register(command{name: "serve", summary: func(ctx context.Context) string { return i18n.T(ctx, "CliSummaryServe", nil) }, run: runServe, stopsItself: true})
}

func runServe(ctx context.Context, env *cliEnv, args []string) int {
	started := time.Now()
	fs := newFlagSet(ctx, env, "serve", "[--addr HOST:PORT] [--data DIR]",
		"Runs the web server. With DATABASE_URL unset it keeps its data in a SQLite file in the\n"+
			"data directory (created on first start); with DATABASE_URL=postgres://... it uses PostgreSQL.\n"+
			"It migrates the database on start and stops cleanly on SIGINT or SIGTERM.")
	addrDef := env.getenv("TENKAICHI_ADDR")
	if addrDef == "" {
		addrDef = "127.0.0.1:8080"
	}
	addr := fs.String("addr", addrDef, "address to listen on (env TENKAICHI_ADDR)")
	var db dbFlags
	db.register(fs, env)
	secure := fs.Bool("secure-cookies", env.getenv("TENKAICHI_SECURE_COOKIES") == "true",
		"always mark cookies Secure, e.g. behind a TLS proxy (env TENKAICHI_SECURE_COOKIES=true)")
	proxies := fs.String("trusted-proxies", env.getenv("TENKAICHI_TRUSTED_PROXIES"),
		"comma-separated addresses or CIDR ranges of reverse proxies whose X-Forwarded-For is believed (env TENKAICHI_TRUSTED_PROXIES)")
	baseURL := fs.String("base-url", env.getenv("TENKAICHI_BASE_URL"),
		"public address of this server for QR codes and printed links, e.g. http://192.168.1.20:8080; wins over the organiser's setting (env TENKAICHI_BASE_URL)")
	pprofAddr := fs.String("pprof", env.getenv("TENKAICHI_PPROF"),
		"debugging only: serve Go's profiler (/debug/pprof/) on this address, e.g. 127.0.0.1:6060; keep it on 127.0.0.1 (env TENKAICHI_PPROF)")
	logLevel := fs.String("log-level", envOr(env, "TENKAICHI_LOG_LEVEL", "info"), "debug, info, warn or error (env TENKAICHI_LOG_LEVEL)")
	if code, done := parseFlags(fs, args); done {
		return code
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(env.stderr, "serve: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	var level slog.Level
	if err := level.UnmarshalText([]byte(*logLevel)); err != nil {
		fmt.Fprintf(env.stderr, "serve: --log-level: %v\n", err)
		return 2
	}
	trusted, err := parseProxies(*proxies)
	if err != nil {
		fmt.Fprintf(env.stderr, "serve: --trusted-proxies: %v\n", err)
		return 2
	}
	base, err := server.ParseBaseURL(*baseURL)
	if err != nil {
		fmt.Fprintf(env.stderr, "serve: --base-url %q: %v\n", *baseURL, err)
		return 2
	}
	log := slog.New(slog.NewTextHandler(env.stderr, &slog.HandlerOptions{Level: level}))

	st, err := openStore(ctx, env, db, log)
	if err != nil {
		log.Error("database unavailable", "err", err)
		fmt.Fprintf(env.stderr, "tenkaichi: %v\n", err)
		return 1
	}
	defer st.Close()
	applied, err := st.Migrate(ctx)
	if err != nil {
		fmt.Fprintf(env.stderr, "tenkaichi: %v\n", err)
		return 1
	}
	if len(applied) > 0 {
		log.Info("migrated database", "versions", applied)
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintf(env.stderr, "tenkaichi: cannot listen on %s: %v\n", *addr, err)
		return 1
	}
	if *pprofAddr != "" {
		stop, err := serveProfiler(*pprofAddr, log)
		if err != nil {
			fmt.Fprintf(env.stderr, "tenkaichi: --pprof: cannot listen on %s: %v\n", *pprofAddr, err)
			return 1
		}
		defer stop()
	}
	srv := server.New(server.Config{Store: st, Logger: log, SecureCookies: *secure, TrustedProxies: trusted, BaseURL: base})
	log.Info("tenkaichi listening", "url", "http://"+ln.Addr().String(), "database", describeStore(env, db),
		"version", version, "startup_ms", time.Since(started).Milliseconds(), "pid", os.Getpid())
	if err := srv.Serve(ctx, ln); err != nil {
		fmt.Fprintf(env.stderr, "tenkaichi: %v\n", err)
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
// ranges of one.
func parseProxies(list string) ([]*net.IPNet, error) {
	var out []*net.IPNet
	for _, item := range strings.Split(list, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		if !strings.Contains(item, "/") {
			ip := net.ParseIP(item)
			if ip == nil {
				return nil, fmt.Errorf("%q is not an IP address or CIDR range", item)
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
			return nil, fmt.Errorf("%q is not an IP address or CIDR range", item)
		}
		out = append(out, n)
	}
	return out, nil
}
