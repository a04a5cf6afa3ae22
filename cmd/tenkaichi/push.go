package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/tenkaichi-org/tenkaichi/server/transfer"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

func init() {
	register(command{name: "push", summary: func(ctx context.Context) string { return i18n.T(ctx, "CliSummaryPush", nil) }, run: runPush})
}

// pushTimeout bounds one push: a 16 MB file over a slow shop connection.
const pushTimeout = 2 * time.Minute

// pushPath is the league server's push API (server/transfer/push_api.go).
const pushPath = "/api/v1/push"

// maxPushBytes is the largest event file a league server takes (as its
// import page).
const maxPushBytes = 16 << 20

func runPush(ctx context.Context, env *cliEnv, args []string) int {
	fs := newFlagSet(ctx, env, "push", "--to URL [--token TOKEN] (--event ID | FILE) [--data DIR]", i18n.T(ctx, "CliPushHelp", nil))
	to := fs.String("to", "", i18n.T(ctx, "CliPushToFlag", nil))
	// The environment's token is read after the flags, so --help never
	// prints it as the default.
	token := fs.String("token", "", i18n.T(ctx, "CliPushTokenFlag", nil))
	eventID := fs.Int64("event", 0, i18n.T(ctx, "CliPushEventFlag", nil))
	var db dbFlags
	db.register(ctx, fs, env)
	if code, done := parseFlags(ctx, fs, args); done {
		return code
	}
	if *token == "" {
		*token = env.getenv("TENKAICHI_PUSH_TOKEN")
	}
	if *to == "" || strings.TrimSpace(*token) == "" || (*eventID == 0) == (fs.NArg() != 1) || fs.NArg() > 1 {
		fmt.Fprintln(env.stderr, i18n.T(ctx, "CliPushUsage", nil))
		return 2
	}
	endpoint, err := pushURL(*to)
	if err != nil {
		fmt.Fprintln(env.stderr, i18n.T(ctx, "CliPushBadURL", i18n.Args{"URL": strconv.Quote(*to)}))
		return 2
	}
	data, code := pushBody(ctx, env, db, *eventID, fs.Args())
	if data == nil {
		return code
	}
	if len(data) > maxPushBytes {
		fmt.Fprintln(env.stderr, i18n.T(ctx, "CliPushTooLarge", i18n.Args{"MB": maxPushBytes >> 20}))
		return 2
	}
	return sendPush(ctx, env, endpoint, strings.TrimSpace(*token), data)
}

// pushURL is the push API of the league server at base (an http or https
// address; a path other than the API's is the server's own prefix).
func pushURL(base string) (string, error) {
	u, err := url.Parse(strings.TrimSpace(base))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return "", errors.New("not an http or https address")
	}
	u.Path = strings.TrimSuffix(strings.TrimSuffix(u.Path, "/"), pushPath) + pushPath
	u.RawQuery, u.Fragment = "", ""
	return u.String(), nil
}

// pushBody is the file to send: the local event's export, or the file
// given. On a problem it says it and returns nil with the exit code.
func pushBody(ctx context.Context, env *cliEnv, db dbFlags, eventID int64, files []string) ([]byte, int) {
	if eventID == 0 {
		data, err := readInput(env, files[0])
		if err != nil {
			complainOf(ctx, env.stderr, err)
			return nil, 2
		}
		return data, 0
	}
	st, err := openExistingStore(ctx, env, db)
	var none *errNoDatabase
	if errors.As(err, &none) {
		fmt.Fprintln(env.stderr, i18n.T(ctx, "CliPushNoDatabase", i18n.Args{"Path": none.path}))
		return nil, 2
	} else if err != nil {
		complainOf(ctx, env.stderr, err)
		return nil, 1
	}
	defer st.Close()
	data, err := transfer.EventFile(ctx, st, eventID)
	if errors.Is(err, storage.ErrNotFound) {
		fmt.Fprintln(env.stderr, i18n.T(ctx, "CliPushNoEvent", i18n.Args{"ID": eventID}))
		return nil, 2
	} else if err != nil {
		complainOf(ctx, env.stderr, err)
		return nil, 1
	}
	return data, 0
}

// sendPush sends the file and says the league server's answer: 0 when the
// store has the event (added now or before), 2 when the server refused
// the file, 1 for anything else (the token, another state of the event,
// the network).
func sendPush(ctx context.Context, env *cliEnv, endpoint, token string, data []byte) int {
	ctx, cancel := context.WithTimeout(ctx, pushTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, endpoint, bytes.NewReader(data))
	if err != nil {
		complainOf(ctx, env.stderr, err)
		return 2
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Accept-Language", i18n.Lang(ctx))
	req.Header.Set("User-Agent", "tenkaichi/"+version)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		fmt.Fprintln(env.stderr, i18n.T(ctx, "CliPushUnreachable", i18n.Args{"URL": endpoint, "Err": err}))
		return 1
	}
	defer res.Body.Close()
	var ans transfer.PushAnswer
	body, _ := io.ReadAll(io.LimitReader(res.Body, 1<<20))
	if json.Unmarshal(body, &ans) != nil || ans.Status == "" {
		fmt.Fprintln(env.stderr, i18n.T(ctx, "CliPushNotAServer", i18n.Args{"URL": endpoint, "Status": res.Status}))
		return 1
	}
	return sayPushAnswer(ctx, env, res.StatusCode, &ans)
}

// sayPushAnswer prints what the league server answered.
func sayPushAnswer(ctx context.Context, env *cliEnv, status int, ans *transfer.PushAnswer) int {
	url := ""
	if ans.Event != nil {
		url = ans.Event.URL
	}
	switch {
	case ans.Status == transfer.PushCreated:
		fmt.Fprintln(env.stdout, i18n.T(ctx, "CliPushCreated", i18n.Args{"Name": strconv.Quote(ans.Event.Name), "URL": url}))
		if len(ans.MissingJudges) > 0 {
			fmt.Fprintln(env.stdout, i18n.T(ctx, "CliPushMissingJudges", i18n.Args{"Judges": strings.Join(ans.MissingJudges, ", ")}))
		}
		return 0
	case ans.Status == transfer.PushExists:
		fmt.Fprintln(env.stdout, i18n.T(ctx, "CliPushExists", i18n.Args{"Name": strconv.Quote(ans.Event.Name), "URL": url}))
		return 0
	case ans.Status == transfer.PushConflict:
		fmt.Fprintln(env.stderr, i18n.T(ctx, "CliPushConflict", i18n.Args{"Message": ans.Message, "URL": url}))
		return 1
	case status >= 500:
		fmt.Fprintln(env.stderr, i18n.T(ctx, "CliPushServerFailed", i18n.Args{"Problem": ans.Error}))
		return 1
	case status == http.StatusUnprocessableEntity || status == http.StatusRequestEntityTooLarge:
		fmt.Fprintln(env.stderr, i18n.T(ctx, "CliPushRefusedFile", i18n.Args{"Problem": ans.Error}))
		return 2
	default:
		fmt.Fprintln(env.stderr, i18n.T(ctx, "CliPushRefused", i18n.Args{"Problem": ans.Error}))
		return 1
	}
}
