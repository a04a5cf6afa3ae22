package server

import (
	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/views"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// page is what every page needs, with its title as a fact (a message, or
// a name with i18n.Verbatim) that the layout words in the reader's
// language.
func (s *Server) page(c echo.Context, title i18n.Message) views.Page {
	p := s.Page(c, "")
	p.Heading = title
	return p
}
