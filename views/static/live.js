// live.js: countdowns and live updates for Tenkaichi pages. Hand-written, no
// library. Every page works without it; this script only keeps what the
// server rendered current.
//
// Markup it reads:
//   <time class="countdown" data-event data-round data-state
//         data-remaining-ms [data-extension-ms] data-time-up>34:12</time>
//         data-time-up is the note shown beside it at 0:00, in the page's
//         language ("Time!", "Zeit!").
//   <div data-live-topics="pairings results" data-event="7"
//        [data-live-url="/p/…"] [data-live-stream="/p/…/live"]>
//         When one of these topics arrives for the event, the page is fetched
//         again from data-live-url (GET; by default the page's own address,
//         but never for a page that answers a POST: <body data-posted>), and
//         each [data-live-part] is swapped for its fresh copy, or <main> when
//         the page marks no parts. A page is never reloaded and a form never
//         sent again. data-live-stream names the stream to follow instead of
//         /events/{id}/live (a player's phone: /p/{token}/live adds "mine").
//         data-live-fast (the game tracker: two phones, one game) refetches
//         at once on each notice, without the random wait and the pause
//         between refreshes that spare the server a room full of phones.
//   data-live-follow (the tracker's start page, a finished game of a best
//         of three): when the fresh copy's
//         address redirects (the game was started), the page goes there.
//   [data-live-announce]: a live region told what changed in a part (its
//         [data-live-summary] text), for screen readers, and the time left
//         of a countdown with data-announce (minutes left -> words) at the
//         minutes it names and at time's up; the countdown itself is a timer,
//         which screen readers leave silent.
//   A swap keeps the focus on the same control (or on the part, if the
//   control is gone) with its caret, what was typed or chosen and not yet
//   sent, open <details>, and where the page is scrolled to. Only an open
//   select box holds a swap until it loses the focus.
//   form[data-live-form]: sent with fetch instead of navigating; the
//         redirect that answers it is followed in the background and the
//         page it leads to (or the form's page with its errors) replaces the
//         live parts as above. Without script, or if the request fails, the
//         form is sent the ordinary way (post/redirect/get).
//   [data-autoscroll] containers (the projector) scroll page by page.
(function () {
  "use strict";

  var RESYNC_EVERY = 60000;
  var offsets = {}; // event id -> server time minus local time, in ms
  var clocks = {}; // "event/round" -> {state, deadline (server ms), remaining}
  var sources = {};
  var swapTimer = null;
  var swapping = false;
  // Each refetch and each tap is numbered as it is sent; an answer is shown
  // only if no answer to a later request has been shown already. Otherwise
  // a refetch sent just before a tap, answered after it, would put the
  // board from before the tap back on the screen.
  var sent = 0;
  var shown = 0;
  var replaced = 0; // parts the last swap replaced
  function newest(n) {
    if (n < shown) return false;
    shown = n;
    return true;
  }

  function now(ev) {
    return Date.now() + (offsets[ev] || 0);
  }

  // text is m:ss, rounded up, as the server prints it (clockText in Go).
  function text(ms) {
    if (ms < 0) ms = 0;
    var secs = Math.ceil(ms / 1000);
    var s = secs % 60;
    return Math.floor(secs / 60) + ":" + (s < 10 ? "0" : "") + s;
  }

  function countdowns() {
    return document.querySelectorAll("time.countdown[data-event]");
  }

  function key(el) {
    return el.getAttribute("data-event") + "/" + el.getAttribute("data-round");
  }

  // seed takes the clock as rendered, until the first resync answers; the
  // page's request started about performance.now() ago.
  function seed(el) {
    var k = key(el);
    if (clocks[k]) return;
    var rem = parseInt(el.getAttribute("data-remaining-ms"), 10) || 0;
    var start = Date.now() - (window.performance ? performance.now() : 0);
    clocks[k] = {
      state: el.getAttribute("data-state"),
      remaining: rem,
      deadline: start + (offsets[el.getAttribute("data-event")] || 0) + rem,
    };
  }

  function remainingOf(el) {
    var c = clocks[key(el)];
    if (!c) return null;
    var ext = parseInt(el.getAttribute("data-extension-ms"), 10) || 0;
    if (c.state === "running") return c.deadline - now(el.getAttribute("data-event")) + ext;
    return c.remaining + ext;
  }

  function paint() {
    var els = countdowns();
    for (var i = 0; i < els.length; i++) {
      var el = els[i];
      var c = clocks[key(el)];
      var rem = remainingOf(el);
      if (rem === null) continue;
      if (el.getAttribute("data-state") !== c.state) el.setAttribute("data-state", c.state);
      var t = text(rem);
      if (el.textContent !== t) el.textContent = t;
      sayMinute(el, c, rem);
      // A complete round (every result final) has no time's-up.
      var up = c.state !== "not-started" && c.state !== "finished" && rem <= 0;
      el.classList.toggle("time-up", up);
      var note = el.nextElementSibling;
      var hasNote = note && note.classList.contains("countdown-note") && !note.classList.contains("round-complete");
      var words = el.getAttribute("data-time-up");
      if (up && !hasNote && words) {
        note = document.createElement("span");
        note.className = "countdown-note";
        note.textContent = words;
        el.parentNode.insertBefore(note, el.nextSibling);
      } else if (!up && hasNote) {
        note.parentNode.removeChild(note);
      }
    }
  }

  // sayMinute tells the live region the time left when a running clock
  // reaches a whole minute, and once at time's up, in the page's words
  // (data-announce). Nothing is said for the minute the page opened in.
  function sayMinute(el, c, rem) {
    var words = el.getAttribute("data-announce");
    if (!words || c.state !== "running") return;
    var secs = Math.ceil(Math.max(rem, 0) / 1000);
    var minute = Math.ceil(secs / 60);
    if (c.said === undefined) c.said = minute;
    if (secs % 60 !== 0 || c.said === minute) return;
    c.said = minute;
    try {
      words = JSON.parse(words);
    } catch (e) {
      return;
    }
    if (words[String(minute)]) announce(words[String(minute)]);
  }

  // announce puts text in the page's polite live region; emptying it first
  // makes the same words heard again.
  function announce(text) {
    var region = document.querySelector("[data-live-announce]");
    if (!region || !text) return;
    region.textContent = "";
    setTimeout(function () {
      region.textContent = text;
    }, 100);
  }

  // resync asks the server for each shown round's clock; the offset is taken
  // at the middle of the request, so phones and the projector agree to well
  // within a second on any sane network.
  function resync(onlyEvent) {
    var seen = {};
    var els = countdowns();
    for (var i = 0; i < els.length; i++) {
      var ev = els[i].getAttribute("data-event");
      var k = key(els[i]);
      if (seen[k] || (onlyEvent && ev !== onlyEvent)) continue;
      seen[k] = true;
      fetchClock(ev, els[i].getAttribute("data-round"), k);
    }
  }

  function fetchClock(ev, round, k) {
    var t0 = Date.now();
    fetch("/events/" + ev + "/clock?round=" + encodeURIComponent(round), {
      credentials: "same-origin",
      cache: "no-store",
    })
      .then(function (res) {
        if (!res.ok) throw new Error("clock " + res.status);
        return res.json();
      })
      .then(function (j) {
        var t1 = Date.now();
        offsets[ev] = j.server_now_ms - (t0 + t1) / 2;
        clocks[k] = { state: j.state, remaining: j.remaining_ms, deadline: j.server_now_ms + j.remaining_ms };
        paint();
        // Marks the countdowns as in step with the server (tests wait for it).
        var els = countdowns();
        for (var i = 0; i < els.length; i++) if (key(els[i]) === k) els[i].setAttribute("data-synced", String(j.server_now_ms));
      })
      .catch(function () {
        /* keep ticking from what we have; the next resync tries again */
      });
  }

  // Live updates: one EventSource per event shown on the page.
  function watchedEvents() {
    var evs = {};
    var els = document.querySelectorAll("[data-event]");
    for (var i = 0; i < els.length; i++) evs[els[i].getAttribute("data-event")] = true;
    return Object.keys(evs);
  }

  function topicsWanted(ev, topic) {
    var els = document.querySelectorAll("[data-live-topics]");
    for (var i = 0; i < els.length; i++) {
      var owner = els[i].getAttribute("data-event") || ev;
      if (owner !== ev) continue;
      if ((" " + els[i].getAttribute("data-live-topics") + " ").indexOf(" " + topic + " ") >= 0) return true;
    }
    return false;
  }

  function streamURL(ev) {
    var els = document.querySelectorAll("[data-live-stream]");
    for (var i = 0; i < els.length; i++) {
      if (els[i].getAttribute("data-event") === ev) return els[i].getAttribute("data-live-stream");
    }
    return "/events/" + ev + "/live";
  }

  function connect(ev) {
    if (sources[ev] || !window.EventSource) return;
    var es = new EventSource(streamURL(ev));
    var opened = false;
    sources[ev] = es;
    es.addEventListener("open", function () {
      // Marks the page as following its stream (tests wait for it).
      document.documentElement.setAttribute("data-live-open", ev);
      // After a drop, notices may have been missed: catch up.
      if (opened) {
        resync(ev);
        if (document.querySelector("[data-live-topics]")) scheduleSwap(true);
      }
      opened = true;
    });
    ["pairings", "results", "clock", "standings", "judge", "entries", "resync", "mine", "announcements", "game"].forEach(function (topic) {
      es.addEventListener(topic, function () {
        // A short random wait spreads a room's clock requests over 300 ms.
        if (topic === "clock" || topic === "resync") setTimeout(function () { resync(ev); }, Math.random() * 300);
        if (topicsWanted(ev, topic)) scheduleSwap(true);
      });
    });
  }

  // scheduleSwap refetches the page and swaps <main>, after a short random
  // delay so a room full of phones does not ask at the same instant, and at
  // most once every few seconds however many notices arrive (the last one
  // is never lost: a swap is pending until it runs).
  var MIN_SWAP_GAP = 5000;
  var lastSwap = 0;
  var swapAgain = false; // a notice came during a refresh: refresh once more after it
  function fast() {
    return !!document.querySelector("[data-live-fast]");
  }
  function scheduleSwap(jitter) {
    if (swapping) {
      swapAgain = true;
      return;
    }
    if (swapTimer) return;
    var wait = fast() ? 0 : Math.max(jitter ? 200 + Math.random() * 1000 : 0, lastSwap + MIN_SWAP_GAP - Date.now());
    swapTimer = setTimeout(function () {
      swapTimer = null;
      swap();
    }, wait);
  }

  // choosing: the focus is in a select box that a swap would replace, whose
  // open list of choices a swap would close under the finger. A text box is
  // swapped (replaceKeeping keeps its text, caret and focus): holding the
  // board while a cursor sits in a field left a phone a game behind.
  function choosing() {
    var a = document.activeElement;
    if (!a || a.tagName !== "SELECT") return false;
    var parts = document.querySelectorAll("[data-live-part]");
    if (!parts.length) return !!a.closest("main");
    for (var i = 0; i < parts.length; i++) if (parts[i].contains(a)) return true;
    return false;
  }

  // liveURL is where the page's fresh copy is fetched (GET), or null when
  // there is none: a page that answers a POST has the form's action as its
  // address, which must never be requested again.
  function liveURL() {
    var el = document.querySelector("[data-live-url]");
    if (el) return el.getAttribute("data-live-url");
    if (document.body.hasAttribute("data-posted")) return null;
    return location.href;
  }

  function summary(el) {
    var s = el && el.querySelector("[data-live-summary]");
    return s ? s.textContent.trim() : "";
  }

  // controlKey names a control so that its fresh copy can be found: its id,
  // else its kind, name, value, form and text.
  function controlKey(el) {
    if (el.id) return "#" + el.id;
    var f = el.form;
    return [el.tagName, el.getAttribute("name"), el.getAttribute("value"), f ? f.getAttribute("action") : "",
      el.getAttribute("data-testid"), el.textContent.trim().slice(0, 80)].join("|");
  }

  function findControl(root, key) {
    if (key.charAt(0) === "#") {
      var byID = document.getElementById(key.slice(1));
      return byID && root.contains(byID) ? byID : null;
    }
    var els = root.querySelectorAll(key.split("|")[0]);
    for (var i = 0; i < els.length; i++) if (controlKey(els[i]) === key) return els[i];
    return null;
  }

  // changedFields are the fields of root whose value the user changed and
  // has not sent; restoreFields puts them in the fresh copy.
  function changedFields(root) {
    var out = [];
    var els = root.querySelectorAll("input, select, textarea");
    for (var i = 0; i < els.length; i++) {
      var el = els[i];
      if (el.type === "hidden" || !el.name) continue;
      var changed = false;
      if (el.type === "checkbox" || el.type === "radio") changed = el.checked !== el.defaultChecked;
      else if (el.tagName === "SELECT") {
        for (var j = 0; j < el.options.length; j++) if (el.options[j].selected !== el.options[j].defaultSelected) changed = true;
      } else changed = el.value !== el.defaultValue;
      if (changed) out.push({ key: controlKey(el), value: el.value, checked: el.checked });
    }
    return out;
  }

  function restoreFields(root, fields) {
    for (var i = 0; i < fields.length; i++) {
      var el = findControl(root, fields[i].key);
      if (!el) continue;
      if (el.type === "checkbox" || el.type === "radio") el.checked = fields[i].checked;
      else el.value = fields[i].value;
    }
  }

  function openDetails(root) {
    var out = [];
    var ids = [];
    var ds = root.querySelectorAll("details");
    for (var i = 0; i < ds.length; i++) {
      if (!ds[i].open) continue;
      out.push(i);
      if (ds[i].id) ids.push(ds[i].id);
    }
    return { count: ds.length, open: out, ids: ids };
  }

  // reopenDetails opens again the details that were open: by id where they
  // have one (a list whose groups come and go), else by their place.
  function reopenDetails(root, was) {
    var ds = root.querySelectorAll("details");
    for (var i = 0; i < was.ids.length; i++) {
      var d = document.getElementById(was.ids[i]);
      if (d && root.contains(d)) d.open = true;
    }
    if (ds.length !== was.count) return; // another list: nothing to match
    for (var j = 0; j < was.open.length; j++) ds[was.open[j]].open = true;
  }

  // replaceKeeping swaps old for fresh and keeps what the reader had: the
  // focused control (or, if it is gone, the focus on the part, so it does
  // not fall back to the top of the page), unsent changes, open details,
  // and the focused control's place on the screen (anchored is then set).
  // It returns the part's new summary when it changed.
  var anchored = false;
  function replaceKeeping(old, fresh) {
    var active = document.activeElement;
    var inside = active && active !== old && old.contains(active);
    var key = inside ? controlKey(active) : null;
    var top = inside ? active.getBoundingClientRect().top : null;
    var caret = inside && typeof active.selectionStart === "number" ? [active.selectionStart, active.selectionEnd] : null;
    var fields = changedFields(old);
    var details = openDetails(old);
    var before = summary(old);
    var node = document.adoptNode(fresh);
    old.parentNode.replaceChild(node, old);
    restoreFields(node, fields);
    reopenDetails(node, details);
    if (inside || active === old) {
      var again = key ? findControl(node, key) : null;
      var target = again || node;
      if (!again && !target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
      target.focus({ preventScroll: true });
      if (again && caret && typeof again.setSelectionRange === "function") {
        try {
          again.setSelectionRange(caret[0], caret[1]);
        } catch (e) {
          /* a field kind without a caret */
        }
      }
      if (again && top !== null) {
        window.scrollBy(0, again.getBoundingClientRect().top - top);
        anchored = true;
      }
    }
    var after = summary(node);
    return after && after !== before ? after : "";
  }

  // samePage: an address that leads back to this page (a finished game
  // whose next one nobody has started yet) is swapped in, not opened.
  function samePage(url) {
    var u = new URL(url, location.href);
    return u.pathname === location.pathname;
  }

  function swap() {
    if (swapping) {
      swapAgain = true;
      return;
    }
    if (choosing()) {
      // Do not pull a list of choices from under someone choosing.
      document.activeElement.addEventListener("blur", function () { scheduleSwap(false); }, { once: true });
      return;
    }
    var url = liveURL();
    var parts = document.querySelectorAll("[data-live-part]");
    if (!url || (!parts.length && document.body.hasAttribute("data-posted"))) return;
    swapping = true;
    lastSwap = Date.now();
    var n = ++sent;
    fetch(url, { credentials: "same-origin", cache: "no-store", headers: { Accept: "text/html" } })
      .then(function (res) {
        if (!res.ok) throw new Error("page " + res.status);
        // A page that follows (the tracker's start page) opens the page its
        // address now leads to (the game the other phone started).
        if (res.redirected && document.querySelector("[data-live-follow]") && !samePage(res.url)) {
          location.assign(res.url);
          return null;
        }
        return res.text();
      })
      .then(function (html) {
        var before = shown;
        if (html === null || !newest(n)) return; // followed, or a tap's answer, newer, is on the screen
        var doc = new DOMParser().parseFromString(html, "text/html");
        var y = window.scrollY;
        var said = [];
        anchored = false;
        replaced = 0;
        if (parts.length) {
          said = swapParts(doc);
        } else {
          var freshMain = doc.querySelector("main");
          var old = document.querySelector("main");
          if (!freshMain || !old) throw new Error("no main");
          if (old.innerHTML !== freshMain.innerHTML) {
            replaceKeeping(old, freshMain);
            replaced++;
          }
          if (doc.title) document.title = doc.title;
        }
        // A refetch that found the screen as it is showed nothing newer: the
        // answer to a tap sent before it (a refused line and its reason)
        // is still shown when it comes.
        if (!replaced) shown = before;
        // The focused control keeps its place on the screen; without one,
        // the page stays scrolled where it was.
        if (!anchored) window.scrollTo(0, y);
        if (said.length) announce(said.join(" "));
        start(false);
      })
      .catch(function () {
        // Keep the page as it is (never reload it: it may answer a POST);
        // the next notice, or the stream reconnecting, tries again.
      })
      .then(function () {
        swapping = false;
        if (swapAgain) {
          swapAgain = false;
          scheduleSwap(false);
        }
      });
  }

  // swapParts replaces each live part of the page that changed with its
  // copy in doc, and returns what they say changed.
  function swapParts(doc) {
    var said = [];
    var parts = document.querySelectorAll("[data-live-part]");
    for (var i = 0; i < parts.length; i++) {
      var name = parts[i].getAttribute("data-live-part");
      var fresh = doc.querySelector('[data-live-part="' + name + '"]');
      if (fresh && parts[i].innerHTML !== fresh.innerHTML) {
        replaced++;
        var s = replaceKeeping(parts[i], fresh);
        if (s) said.push(s);
      }
    }
    return said;
  }

  // Live forms: a second tap on a form whose first tap is on its way is
  // dropped (the server would refuse it as made on an old board anyway). A
  // tap on a form that came with a refetch meanwhile is sent: the player
  // saw the new board and tapped it. If the request fails, the form goes
  // the ordinary way; the server applies a form sent twice once.
  var sending = [];
  document.addEventListener("submit", function (e) {
    var form = e.target;
    if (!form.hasAttribute || !form.hasAttribute("data-live-form") || !window.fetch || !window.URLSearchParams) return;
    if (form.hasAttribute("data-live-native")) {
      form.removeAttribute("data-live-native");
      return;
    }
    e.preventDefault();
    if (sending.indexOf(form) >= 0) return;
    var submitter = e.submitter;
    var data = new URLSearchParams();
    new FormData(form).forEach(function (v, k) { data.append(k, v); });
    if (submitter && submitter.name) data.append(submitter.name, submitter.value);
    sending.push(form);
    markSent(form);
    var n = ++sent;
    var part = form.closest("[data-live-part]");
    if (part) part.setAttribute("aria-busy", "true");
    fetch(form.action, {
      method: "POST",
      body: data,
      credentials: "same-origin",
      headers: { Accept: "text/html" },
    })
      .then(function (res) {
        return res.text();
      })
      .then(function (html) {
        var doc = new DOMParser().parseFromString(html, "text/html");
        if (!doc.querySelector("[data-live-part]")) throw new Error("no live part");
        if (!newest(n)) return; // a refetch sent after the tap is on the screen
        var y = window.scrollY;
        anchored = false;
        swapParts(doc); // the answer to one's own tap: nothing to announce
        if (!anchored) window.scrollTo(0, y);
        lastSwap = Date.now();
        start(false);
      })
      .catch(function () {
        form.setAttribute("data-live-native", "");
        if (form.requestSubmit) form.requestSubmit(submitter && submitter.form === form ? submitter : undefined);
        else form.submit();
      })
      .then(function () {
        sending.splice(sending.indexOf(form), 1);
        if (part) part.removeAttribute("aria-busy");
      });
  });

  // markSent: what a form holds when sent is no longer the user's unsent
  // change, so a swap (the answer, or a refetch meanwhile) shows its fields
  // as the server has them: the tracker's line box empty once its line is
  // taken, the line again when it is refused. What is typed after the tap
  // is a change again, and kept.
  function markSent(form) {
    var els = form.querySelectorAll("input, select, textarea");
    for (var i = 0; i < els.length; i++) {
      var el = els[i];
      if (el.type === "checkbox" || el.type === "radio") el.defaultChecked = el.checked;
      else if (el.tagName === "SELECT") {
        for (var j = 0; j < el.options.length; j++) el.options[j].defaultSelected = el.options[j].selected;
      } else if (el.type !== "hidden") el.defaultValue = el.value;
    }
  }

  // Projector: sections taller than the screen scroll a page at a time.
  function autoscroll() {
    var els = document.querySelectorAll("[data-autoscroll]");
    for (var i = 0; i < els.length; i++) {
      var el = els[i];
      if (el.scrollHeight <= el.clientHeight + 4) continue;
      var atEnd = el.scrollTop + el.clientHeight >= el.scrollHeight - 4;
      el.scrollTop = atEnd ? 0 : el.scrollTop + el.clientHeight * 0.9;
    }
  }

  function start(first) {
    var els = countdowns();
    for (var i = 0; i < els.length; i++) seed(els[i]);
    paint();
    resync();
    watchedEvents().forEach(connect);
    if (first) {
      setInterval(paint, 250); // text changes once a second; 250 ms keeps it within a quarter of one
      setInterval(resync, RESYNC_EVERY);
      setInterval(autoscroll, 8000);
      document.addEventListener("visibilitychange", function () {
        if (!document.hidden) resync(); // a phone waking up may have slept through notices
      });
      // A page kept in the back-forward cache must not keep its stream: a
      // browser opens at most six connections to a server, so after a few
      // pages visited in turn the next one would never load. Close on
      // leaving, and reconnect and catch up on coming back.
      window.addEventListener("pagehide", function () {
        Object.keys(sources).forEach(function (ev) {
          sources[ev].close();
          delete sources[ev];
        });
      });
      window.addEventListener("pageshow", function (e) {
        if (!e.persisted) return;
        watchedEvents().forEach(connect);
        resync();
        if (document.querySelector("[data-live-topics]")) scheduleSwap(true);
      });
    }
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", function () { start(true); });
  } else {
    start(true);
  }
})();
