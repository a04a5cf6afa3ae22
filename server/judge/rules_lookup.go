package judge

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/rules"
	"github.com/tenkaichi-org/tenkaichi/rules/engine/ruleindex"
	"github.com/tenkaichi-org/tenkaichi/server/web"
	"github.com/tenkaichi-org/tenkaichi/storage/carddata"
	"github.com/tenkaichi-org/tenkaichi/views"
	"github.com/tenkaichi-org/tenkaichi/views/deckproblem"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
	"github.com/tenkaichi-org/tenkaichi/views/ruletext"
)

// lookupCardLimit bounds the cards one search shows; a phone screen holds few.
const lookupCardLimit = 20

// ruleSlug is a rule's address: "CR 8-1-1" is /rules/cr-8-1-1, "[Double
// Strike]" is /rules/double-strike, "Damage Step" is /rules/damage-step.
func ruleSlug(id string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(id) {
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(r)
			continue
		}
		dash = true
	}
	return b.String()
}

var rulesBySlug = func() map[string]ruleindex.Entry {
	m := make(map[string]ruleindex.Entry, len(ruleindex.Rules))
	for _, r := range ruleindex.Rules {
		m[ruleSlug(r.ID)] = r
	}
	return m
}()

// ruleURL is the lookup page of a rule ID the engine cites, or "" when the
// rule index does not have it.
func ruleURL(id string) string {
	if _, ok := ruleindex.Rule(id); !ok {
		return ""
	}
	return "/rules/" + ruleSlug(id)
}

// ruleItem shows an entry in the page's language where the index has it
// there, else in English, marked so (EnglishOnly, NoteEnglishOnly).
func ruleItem(ctx context.Context, r ruleindex.Entry) views.RuleItem {
	lang := i18n.Lang(ctx)
	r, translated := ruletext.InLanguage(r, lang)
	it := views.RuleItem{URL: "/rules/" + ruleSlug(r.ID), ID: r.ID, Number: r.Number, Title: r.Title,
		Explanation: r.Explanation, Enforced: r.Enforced, EnglishOnly: !translated,
		// Where none of the index is in the language, the page says so
		// once; a note on every entry would only repeat it.
		NoteEnglishOnly: !translated && ruletext.TranslatedRules(lang) > 0}
	for _, t := range r.Terms {
		it.Terms = append(it.Terms, views.Link{Label: t, URL: "/rules?q=" + url.QueryEscape(t)})
	}
	return it
}

// RulesLookup searches the rule index and the stored Fusion World cards. With
// no query it lists the whole index. With ?game= of another game it says the
// index is Fusion World's and searches that game's cards only.
func (h *Handler) RulesLookup(c echo.Context) error {
	ctx := c.Request().Context()
	q := strings.TrimSpace(c.QueryParam("q"))
	if len(q) > 200 {
		q = q[:200]
	}
	m := views.RuleLookup{Query: q, CardLimit: lookupCardLimit, IndexLanguage: ruleIndexLanguage(ctx)}
	if g, ok := web.LookupGame(c.QueryParam("game")); ok && !g.Engine {
		m.OtherGame, m.Game, m.GameName = true, string(g.ID), web.GameShortName(ctx, g.ID)
		if q != "" {
			if err := h.lookupCards(c, g.ID, &m); err != nil {
				return err
			}
		}
		return web.Render(c, http.StatusOK, views.RulesLookupPage(h.PageTitled(c, i18n.M("RulesLookupOtherGameTitle", i18n.Args{"Game": m.GameName})), m))
	}
	if q == "" {
		for _, r := range ruleindex.Rules {
			m.Rules = append(m.Rules, ruleItem(ctx, r))
		}
		return web.Render(c, http.StatusOK, views.RulesLookupPage(h.PageTitled(c, i18n.M("JudgeRulingsLookup", nil)), m))
	}
	for _, r := range ruletext.SearchIn(q, i18n.Lang(ctx)) {
		m.Rules = append(m.Rules, ruleItem(ctx, r))
	}
	if err := h.lookupCards(c, rules.GameFusionWorld, &m); err != nil {
		return err
	}
	return web.Render(c, http.StatusOK, views.RulesLookupPage(h.PageTitled(c, i18n.M("JudgeRulingsLookupFor", i18n.Args{"Query": q})), m))
}

// lookupCards finds the cards of game g that m.Query names. Keywords link to
// the rule index only for Fusion World, whose rules it holds.
func (h *Handler) lookupCards(c echo.Context, g rules.Game, m *views.RuleLookup) error {
	// Ask for one more than we show, to know whether there are more.
	cards, err := carddata.New(h.Store).SearchCards(c.Request().Context(), g, m.Query, lookupCardLimit+1)
	if err != nil {
		return err
	}
	if len(cards) > lookupCardLimit {
		cards, m.MoreCards = cards[:lookupCardLimit], true
	}
	for i := range cards {
		m.Cards = append(m.Cards, ruleCardView(c.Request().Context(), &cards[i], g == rules.GameFusionWorld))
	}
	return nil
}

// ruleCardView is a card the lookup found. With indexed (a Fusion World
// card, whose rules the index holds) its keywords link to their entries
// and are named as the entries are in the page's language ("【ブロッカー】");
// otherwise they stay as the card data has them ("[Blocker]").
func ruleCardView(ctx context.Context, c *rules.Card, indexed bool) views.RuleCard {
	num := func(p *int) string {
		if p == nil {
			return ""
		}
		return strconv.Itoa(*p)
	}
	// The card's type and colours are our words, said in the page's
	// language; its traits and skill text are the card list's, in English.
	colours := make([]string, len(c.Colours))
	for i, col := range c.Colours {
		colours[i] = deckproblem.Colour(ctx, col)
	}
	v := views.RuleCard{Number: c.Number, Name: web.CardName(ctx, c), Type: deckproblem.CardType(ctx, c.Type), Colours: strings.Join(colours, "/"),
		Cost: num(c.Cost), Power: num(c.Power), ComboPower: num(c.ComboPower), Traits: strings.Join(c.Traits, ", "),
		Text: c.Text, BackName: c.BackName, BackText: c.BackText}
	if indexed {
		v.ExplainURL = CardURL(c.Number)
	}
	if c.SpecifiedCost != "" && v.Cost != "" {
		v.Cost += " (" + c.SpecifiedCost + ")"
	}
	for _, k := range c.Keywords {
		id := "[" + k + "]"
		chip := views.Link{Label: id}
		if r, ok := ruleindex.Rule(id); ok && indexed {
			r, _ = ruletext.InLanguage(r, i18n.Lang(ctx))
			chip.Label, chip.URL = r.Title, ruleURL(id)
		}
		v.Keywords = append(v.Keywords, chip)
	}
	return v
}

// ShowRule shows one entry of the index. Besides its slug it accepts a bare
// rule number (/rules/8-1-1), so judges can type the address.
func (h *Handler) ShowRule(c echo.Context) error {
	key := c.Param("rule")
	r, ok := rulesBySlug[ruleSlug(key)]
	if !ok {
		r, ok = rulesBySlug[ruleSlug("CR "+key)]
	}
	if !ok {
		return web.NotFound()
	}
	ctx := c.Request().Context()
	m := views.RulePage{Rule: ruleItem(ctx, r)}
	// Related: the rules under this number, and what the title finds.
	seen := map[string]bool{r.ID: true}
	query := r.Title
	if r.Number != "" {
		query = r.Number
	}
	for _, o := range ruleindex.Search(query) {
		if !seen[o.ID] && len(m.Related) < 8 {
			seen[o.ID] = true
			m.Related = append(m.Related, ruleItem(ctx, o))
		}
	}
	title := m.Rule.Title
	if r.Number != "" {
		title = "CR " + r.Number + " " + m.Rule.Title
	}
	return web.Render(c, http.StatusOK, views.RulePageView(h.Page(c, title), m))
}

// ruleIndexLanguage says how much of the rule index is in the page's
// language: "" on English pages and where all of it is; otherwise a plain
// sentence that the rest (or all of it) is in English only.
func ruleIndexLanguage(ctx context.Context) i18n.Message {
	return indexLanguageNote(ctx, ruletext.TranslatedRules(i18n.Lang(ctx)), len(ruleindex.Rules))
}

// indexLanguageNote is ruleIndexLanguage for an index of total entries of
// which translated are in the page's language. Every language the pages
// offer has the whole index (the tests fail otherwise), so a note shows
// only while a new language is being written.
func indexLanguageNote(ctx context.Context, translated, total int) i18n.Message {
	switch {
	case translated >= total || i18n.Lang(ctx) == "en":
		return i18n.Message{}
	case translated == 0:
		return i18n.M("RuleIndexEnglishOnly", nil)
	default:
		return i18n.MN("RuleIndexPartlyTranslated", translated, i18n.Args{"Total": total})
	}
}
