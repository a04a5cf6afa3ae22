package transfer

import (
	"errors"
	"io"
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/leagues"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
	"golang.org/x/time/rate"
)

// POST /api/v1/push: a laptop sends an event file with a store token
// (Authorization: Bearer TOKEN). No session and no CSRF token: the token is
// the key, and it only ever adds events to its own store. The answer is
// JSON in the language of Accept-Language:
//
//	201 {"status": "created", "event": {...}, "message": "..."}
//	200 {"status": "exists", ...}   the store has the event from this file
//	409 {"status": "conflict", ...} the store has the event in another state
//	401 {"status": "refused", "error": "..."} no token, unknown or revoked
//	413, 422 {"status": "refused", "error": "...", "key": "..."} the file
//	(the line, field, round or player at fault is in the sentence)

// Push statuses, as the JSON answer and `tenkaichi push` name them.
const (
	PushCreated  = "created"
	PushExists   = "exists"
	PushConflict = "conflict"
	PushRefused  = "refused"
)

// PushAnswer is the JSON answer of a push.
type PushAnswer struct {
	Status  string     `json:"status"`
	Event   *PushEvent `json:"event,omitempty"`
	Message string     `json:"message,omitempty"`
	Error   string     `json:"error,omitempty"`
	// Key is the problem's message id, for tools that word it themselves.
	Key string `json:"key,omitempty"`
	// MissingJudges are judges named in the file with no account in the
	// store (a new event only).
	MissingJudges []string `json:"missing_judges,omitempty"`
}

// PushEvent names the event a push is about, on the league server.
type PushEvent struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
	URL  string `json:"url"`
}

// Pushes per client address: a burst of pushBurst, then one every
// pushEvery. A laptop sends a handful of events; a file is up to 16 MB.
const (
	pushBurst = 20
	pushEvery = 3 * time.Second
)

// PushRateLimit limits the pushes of each client address (on this
// instance); over it, 429 with Retry-After.
func (h *Handler) PushRateLimit() echo.MiddlewareFunc {
	limit := middleware.RateLimiterMemoryStoreConfig{Rate: rate.Every(pushEvery), Burst: pushBurst, ExpiresIn: 10 * time.Minute}
	return middleware.RateLimiterWithConfig(middleware.RateLimiterConfig{
		Store:               middleware.NewRateLimiterMemoryStoreWithConfig(limit),
		IdentifierExtractor: func(c echo.Context) (string, error) { return c.RealIP(), nil },
		DenyHandler: func(c echo.Context, _ string, _ error) error {
			c.Response().Header().Set("Retry-After", strconv.Itoa(int(math.Ceil(pushEvery.Seconds()))))
			return refusePush(c, http.StatusTooManyRequests, i18n.M("PushTooMany", nil), "")
		},
	})
}

// PushErrors answers a push's errors as JSON too (a body over the route's
// limit, a failure of the server), never with an HTML page.
func (h *Handler) PushErrors(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		err := next(c)
		if err == nil || c.Response().Committed {
			return err
		}
		var he *echo.HTTPError
		if errors.As(err, &he) && he.Code == http.StatusRequestEntityTooLarge {
			return refusePush(c, he.Code, i18n.M("StaffImportTooLarge", i18n.Args{"Max": maxImportBytes >> 20}), "StaffImportTooLarge")
		}
		h.Log.Error("push failed", "err", err)
		return refusePush(c, http.StatusInternalServerError, i18n.M("PushServerError", nil), "")
	}
}

// Push adds the event file in the body to the token's store.
func (h *Handler) Push(c echo.Context) error {
	ctx := i18n.WithLanguage(c.Request().Context(), c.Request().Header.Get("Accept-Language"))
	c.SetRequest(c.Request().WithContext(ctx))
	token, ok := bearerToken(c.Request().Header.Get(echo.HeaderAuthorization))
	if !ok {
		c.Response().Header().Set("WWW-Authenticate", `Bearer realm="tenkaichi"`)
		return refusePush(c, http.StatusUnauthorized, i18n.M("PushNoToken", nil), "")
	}
	lg := leagues.New(h.Store)
	t, err := lg.StoreTokenByToken(ctx, token)
	if errors.Is(err, storage.ErrNotFound) {
		c.Response().Header().Set("WWW-Authenticate", `Bearer realm="tenkaichi", error="invalid_token"`)
		return refusePush(c, http.StatusUnauthorized, i18n.M("PushTokenRefused", nil), "")
	} else if err != nil {
		return err
	}
	data, err := io.ReadAll(io.LimitReader(c.Request().Body, maxImportBytes+1))
	if err != nil {
		return refusePush(c, http.StatusRequestEntityTooLarge, i18n.M("StaffImportTooLarge", i18n.Args{"Max": maxImportBytes >> 20}), "StaffImportTooLarge")
	}
	if len(data) > maxImportBytes {
		return refusePush(c, http.StatusRequestEntityTooLarge, i18n.M("StaffImportTooLarge", i18n.Args{"Max": maxImportBytes >> 20}), "StaffImportTooLarge")
	}
	if err := lg.TouchStoreToken(ctx, t.ID); err != nil {
		return err
	}
	actor := storage.Actor{Name: "push: " + t.Name}
	ans, err := h.importInto(ctx, actor, t.StoreID, data, "", pushMode)
	var prob *importProblem
	if errors.As(err, &prob) {
		return refusePush(c, http.StatusUnprocessableEntity, prob.message(), prob.id)
	} else if err != nil {
		return err
	}
	return h.pushAnswer(c, ans)
}

// pushAnswer answers what became of a pushed file.
func (h *Handler) pushAnswer(c echo.Context, ans *importAnswer) error {
	ctx := c.Request().Context()
	url, err := h.PublicURL(c, "/events/"+strconv.FormatInt(ans.event.ID, 10))
	if err != nil {
		return err
	}
	out := PushAnswer{Event: &PushEvent{ID: ans.event.ID, Name: ans.event.Name, URL: url}}
	status := http.StatusOK
	switch ans.outcome {
	case outcomeCreated:
		status, out.Status, out.MissingJudges = http.StatusCreated, PushCreated, ans.missingJudges
		out.Message = i18n.M("PushCreated", i18n.Args{"Name": ans.event.Name}).In(ctx)
	case outcomeAlreadyThere:
		out.Status, out.Message = PushExists, outcomeMessage(ans).In(ctx)
	default:
		status, out.Status, out.Message = http.StatusConflict, PushConflict, outcomeMessage(ans).In(ctx)
	}
	c.Response().Header().Set("Cache-Control", "no-store")
	return c.JSON(status, out)
}

// refusePush answers a push that stored nothing.
func refusePush(c echo.Context, status int, msg i18n.Message, key string) error {
	c.Response().Header().Set("Cache-Control", "no-store")
	return c.JSON(status, PushAnswer{Status: PushRefused, Error: msg.In(c.Request().Context()), Key: key})
}

// bearerToken is the token of an "Authorization: Bearer TOKEN" header.
func bearerToken(header string) (string, bool) {
	scheme, token, ok := strings.Cut(strings.TrimSpace(header), " ")
	token = strings.TrimSpace(token)
	if !ok || !strings.EqualFold(scheme, "Bearer") || token == "" || len(token) > 200 {
		return "", false
	}
	return token, true
}
