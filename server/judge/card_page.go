package judge

import (
	"net/http"
	"net/url"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/rules"
	"github.com/tenkaichi-org/tenkaichi/server/web"
	"github.com/tenkaichi-org/tenkaichi/storage/carddata"
	"github.com/tenkaichi-org/tenkaichi/views"
	"github.com/tenkaichi-org/tenkaichi/views/cardexplain"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// CardURL is the page of a Fusion World card that says what the rules
// engine reads from it; "" for an unknown card ("?", "").
func CardURL(number string) string {
	n := rules.CanonicalNumber(number)
	if n == "" || n == "?" {
		return ""
	}
	return "/rules/cards/" + url.PathEscape(n)
}

// ShowCard is a stored Fusion World card (a printing number names its card)
// and what the rules engine reads from its text, as `tenkaichi cards
// explain` says it: judges and players open it from the rulings lookup,
// the judge console's board and the game tracker.
func (h *Handler) ShowCard(c echo.Context) error {
	ctx := c.Request().Context()
	cards, err := carddata.New(h.Store).GameLogCards(ctx, rules.GameFusionWorld, []string{c.Param("number")})
	if err != nil {
		return err
	}
	if len(cards) == 0 {
		return web.NotFound()
	}
	card := &cards[0]
	m := views.RuleCardPage{Card: ruleCardView(ctx, card, true), Explain: cardexplain.Explain(ctx, card)}
	title := i18n.Verbatim(card.Number + " " + m.Card.Name)
	return web.Render(c, http.StatusOK, views.RuleCardPageView(h.PageTitled(c, title), m))
}
