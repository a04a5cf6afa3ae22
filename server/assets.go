package server

import (
	"io/fs"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/server/web"
	"github.com/tenkaichi-org/tenkaichi/views"
)

// What needs no session: the health check and the embedded assets.

// static serves embedded assets; the hash in the URL changes with the
// content, so they can be cached for a year.
func (s *Server) static(c echo.Context) error {
	name := c.Param("*")
	if c.Param("hash") != views.AssetHash || !fs.ValidPath(name) {
		return web.NotFound()
	}
	return web.SendAsset(c, name, "public, max-age=31536000, immutable")
}

// favicon is the icon browsers ask for at /favicon.ico by themselves. Its
// address has no hash, so browsers revalidate it daily (ETag).
func (s *Server) favicon(c echo.Context) error {
	return web.SendAsset(c, "favicon.ico", "public, max-age=86400")
}

func (s *Server) healthz(c echo.Context) error {
	ctx, cancel := web.ContextWithTimeout(c, 2*time.Second)
	defer cancel()
	if err := s.Store.Ping(ctx); err != nil {
		s.Log.Warn("health check: database unreachable", "err", err)
		return c.String(http.StatusServiceUnavailable, "database unreachable\n")
	}
	return c.String(http.StatusOK, "ok\n")
}
