package live

import (
	"bytes"
	"context"
	"net"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/storage"
)

// A stream lives as long as the page that follows it: a thousand phones
// are a thousand streams all day. Served through net/http, each kept the
// request's goroutine (its stack grown by the middleware and the database
// driver), a goroutine reading in the background, a 4 KB read buffer and
// two write buffers: about 40 KB a stream, a fifth of the server's memory
// at a round's end (docs/performance.md). An HTTP/1 stream is therefore
// taken over from net/http once its headers are set: the request returns,
// and the stream is written to the connection by a goroutine of its own
// (with a fresh, small stack) while another waits for the phone to close it.

// hijackStream writes the stream's head (the status, the headers the
// middleware and stream set, and the retry line) to the request's
// connection, taken over from net/http. ok is false when the connection
// cannot be taken over (HTTP/2, a test recorder): the stream is served as
// an ordinary response. A nil conn with ok is a connection that failed.
func hijackStream(c echo.Context) (conn net.Conn, ok bool) {
	if c.Request().ProtoMajor != 1 {
		return nil, false
	}
	hdr := c.Response().Header()
	conn, _, err := http.NewResponseController(c.Response()).Hijack()
	if err != nil {
		return nil, false
	}
	_ = conn.SetDeadline(time.Time{})
	var head bytes.Buffer
	head.WriteString("HTTP/1.1 200 OK\r\n")
	hdr.Del("Content-Length")
	_ = hdr.Write(&head)
	// The body ends when the connection closes (no length, no chunks).
	head.WriteString("Connection: close\r\n\r\n" + retryLine)
	if _, err := conn.Write(head.Bytes()); err != nil {
		_ = conn.Close()
		return nil, true
	}
	return conn, true
}

// serveHijacked follows the hub for a taken-over stream until the phone
// closes the connection (its reader sees the end), the hub closes or a
// write fails. reqCtx is the request's, for its values alone: the request
// itself has returned.
func (h *Handler) serveHijacked(reqCtx context.Context, conn net.Conn, sub *subscriber, e *storage.Event, staff bool) {
	ctx, cancel := context.WithCancel(context.WithoutCancel(reqCtx))
	defer cancel()
	defer conn.Close()
	defer h.hub.unsubscribe(sub)
	go func() {
		// A phone sends nothing after its request: a read ends when it
		// goes, and so does the stream.
		var b [64]byte
		for {
			if _, err := conn.Read(b[:]); err != nil {
				cancel()
				return
			}
		}
	}()
	h.follow(ctx, sub, e, staff, func(topics ...string) error {
		_, err := conn.Write(h.events(e.ID, topics...))
		return err
	})
}
