package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/labstack/echo/v4"
)

// Every page in every state, on a phone (staff pages also on a laptop's
// screen), in the light and the dark theme: axe-core finds no serious or
// critical violation of WCAG 2.2 AA (and of axe's best practices), and no
// two controls of a page share a name while doing different things ("Drop"
// beside each player is "Drop Ann").
func TestAccessibilityOfEveryPage(t *testing.T) {
	t.Parallel()
	f := newA11yFixture(t)
	states := f.states(t)
	auditCovers(t, f.a, states)
	axe := axeSource(t)
	sort.SliceStable(states, func(i, j int) bool { return !states[i].staff && states[j].staff })
	var staff []a11yState
	for _, st := range states {
		if st.staff {
			staff = append(staff, st)
		}
	}
	// A tab of its own for every few states: each tab has a time budget
	// (chromium), which the whole audit in one tab overran on a busy machine.
	for part := range slices.Chunk(states, 8) {
		audit(t, f, phone(t), "390 px", axe, part)
	}
	for part := range slices.Chunk(staff, 8) {
		audit(t, f, screen(t, 1280, 800), "1280 px", axe, part)
	}
}

// audit opens each state in the browser and reports what axe-core and
// sameNameControls find, in both themes.
func audit(t *testing.T, f *a11yFixture, ctx context.Context, size, axe string, states []a11yState) {
	t.Helper()
	signedIn := false
	for _, st := range states {
		if st.staff && !signedIn {
			signIn(t, ctx, f.a)
			signedIn = true
		}
		u := st.path
		if !strings.HasPrefix(u, "http") {
			u = f.a.srv.URL + u
		}
		navigate(t, ctx, u)
		if st.reach != nil {
			st.reach(t, ctx)
		}
		for _, theme := range []string{"light", "dark"} {
			setTheme(t, ctx, theme)
			where := st.name + " (" + size + ", " + theme + ")"
			for _, v := range runAxe(t, ctx, axe) {
				t.Errorf("%s: %s", where, v)
			}
			if theme == "light" {
				for _, d := range sameNameControls(t, ctx) {
					t.Errorf("%s: %s", where, d)
				}
			}
		}
	}
	setTheme(t, ctx, "light")
}

// auditCovers fails for each page the router serves that no state covers:
// a new page fails the audit until it has a line in a11yFixture.states.
func auditCovers(t *testing.T, a *app, states []a11yState) {
	t.Helper()
	covered := map[string]bool{}
	for _, st := range states {
		covered[st.route] = true
	}
	e, ok := a.server.Handler().(*echo.Echo)
	if !ok {
		t.Fatal("the server's handler is not Echo's: update auditCovers")
	}
	for _, r := range e.Routes() {
		if r.Method != "GET" || notPages[r.Path] || covered[r.Path] || strings.HasPrefix(r.Path, "/api/") {
			continue
		}
		t.Errorf("GET %s is not in the accessibility audit: add its states to a11yFixture.states (or, if it is not a page, to notPages)", r.Path)
	}
}

// notPages are the GET routes that answer with no HTML page.
var notPages = map[string]bool{
	"/healthz": true, "/static/:hash/*": true, "/favicon.ico": true, // health check, assets, icon
	"/events/:id/live": true, "/p/:token/live": true, // Server-Sent Events
	"/events/:id/clock":  true,                                                                         // JSON
	"/events/:id/export": true, "/events/:id/standings.csv": true, "/events/:id/snapshots/:snap": true, // files
	"/events/:id/pairings.json":        true, // the public pairing file
	"/language":                        true, // the language selector: a redirect back to the page
	"/seasons/:season/leaderboard.csv": true, // a file
	// A player signing in (a redirect to /me) and their data (a file).
	"/p/:token/me": true, "/me/signin/:player/:token": true, "/me/data": true,
}

// setTheme makes the page's CSS see prefers-color-scheme.
func setTheme(t *testing.T, ctx context.Context, theme string) {
	t.Helper()
	err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: theme}}})
		return err
	}))
	if err != nil {
		t.Fatal(err)
	}
}

type axeViolation struct {
	ID     string `json:"id"`
	Impact string `json:"impact"`
	Help   string `json:"help"`
	Nodes  []struct {
		Target  []any  `json:"target"`
		Summary string `json:"failureSummary"`
		HTML    string `json:"html"`
	} `json:"nodes"`
}

func (v axeViolation) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s (%s): %s", v.ID, v.Impact, v.Help)
	for i, n := range v.Nodes {
		if i == 5 {
			fmt.Fprintf(&b, "\n    … and %d more", len(v.Nodes)-5)
			break
		}
		html := n.HTML
		if len(html) > 160 {
			html = html[:160] + "…"
		}
		fmt.Fprintf(&b, "\n    %v %s\n      %s", n.Target, html, strings.ReplaceAll(n.Summary, "\n", " "))
	}
	return b.String()
}

// runAxe runs axe-core on the page as it is and returns its serious and
// critical violations.
func runAxe(t *testing.T, ctx context.Context, src string) []axeViolation {
	t.Helper()
	loaded, _ := chromedp.Run(ctx, chromedp.Evaluate[bool](`typeof window.axe === "object"`))
	if !loaded {
		do(t, ctx, chromedp.Evaluate[chromedp.Void](src))
	}
	out, err := chromedp.Run(ctx, chromedp.Evaluate[string](`axe.run(document, {resultTypes: ["violations"]}).then(r => JSON.stringify(r.violations))`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("axe: %v", err)
	}
	var all []axeViolation
	if err := json.Unmarshal([]byte(out), &all); err != nil {
		t.Fatalf("axe answer: %v", err)
	}
	var bad []axeViolation
	for _, v := range all {
		if v.Impact == "serious" || v.Impact == "critical" {
			bad = append(bad, v)
		} else if testing.Verbose() {
			t.Logf("(%s) %s", v.Impact, v.ID)
		}
	}
	return bad
}

// sameNameControls lists controls of the page that share a name but do
// different things: two links with one name to different places, two
// buttons with one name sending different forms, two disclosures or two
// fields (of different forms) with one name. A screen reader's list of controls must tell them apart. The name is
// what axe-core computes.
func sameNameControls(t *testing.T, ctx context.Context) []string {
	t.Helper()
	js := `(() => {
		const seen = new Map(); // name -> Set of purposes
		const add = (name, purpose) => {
			name = name.replace(/\s+/g, " ").trim().toLowerCase();
			if (/^\S+$/.test(name)) return; // a role and no name: axe's own rules see to that
			if (!seen.has(name)) seen.set(name, new Set());
			seen.get(name).add(purpose);
		};
		axe.setup(document);
		const nameOf = el => axe.commons.text.accessibleTextVirtual(axe.utils.getNodeFromTree(el));
		let n = 0;
		// A link and a button may share a name: their roles tell them apart.
		document.querySelectorAll("a[href]").forEach(a => add("link " + nameOf(a), a.href));
		document.querySelectorAll("button, input[type=submit]").forEach(b => {
			const f = b.form;
			let purpose = "button " + (n++);
			if (f) {
				const data = new URLSearchParams(new FormData(f, b)).toString();
				purpose = "form " + f.action + " " + data.replace(/_csrf=[^&]*&?/, "");
			}
			add("button " + nameOf(b), purpose);
		});
		document.querySelectorAll("summary").forEach(s => add("disclosure " + nameOf(s), "summary " + (n++)));
		document.querySelectorAll("select, textarea, input:not([type=hidden]):not([type=submit])").forEach(el => {
			add("field " + nameOf(el), (el.form ? el.form.action : "") + " " + el.name);
		});
		const out = [];
		seen.forEach((purposes, name) => { if (purposes.size > 1) out.push(JSON.stringify(name) + " names " + purposes.size + " different controls"); });
		axe.teardown();
		return out;
	})()`
	loaded, _ := chromedp.Run(ctx, chromedp.Evaluate[bool](`typeof window.axe === "object"`))
	if !loaded {
		t.Fatal("sameNameControls needs axe-core on the page")
	}
	out, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](js))
	if err != nil {
		t.Fatalf("control names: %v", err)
	}
	return out
}

var lockVersion = regexp.MustCompile(`"node_modules/axe-core":\s*{\s*"version":\s*"([^"]+)"`)

// The axe-core the tests run is the one scripts/axe pins.
func TestAxeIsThePinnedVersion(t *testing.T) {
	t.Parallel()
	src := axeSource(t)
	lock, err := os.ReadFile("../scripts/axe/package-lock.json")
	if err != nil {
		t.Fatal(err)
	}
	m := lockVersion.FindSubmatch(lock)
	if m == nil {
		t.Fatal("no axe-core version in scripts/axe/package-lock.json")
	}
	if !strings.Contains(src[:min(len(src), 400)], "axe v"+string(m[1])) {
		t.Fatalf("AXE_CORE_JS is not axe-core %s (it begins %q)", m[1], src[:min(len(src), 80)])
	}
}
