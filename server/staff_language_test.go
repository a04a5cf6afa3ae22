package server_test

import (
	"net/http"
	"strings"
	"testing"
)

// The organiser's pages of an event run in German and in Japanese: each
// page is in the language (its words there) and no English sentence of
// the page is left. A round is paired and published with a bye, so the
// round page has its clock, result forms and statuses.
func TestStaffPagesInGermanAndJapanese(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	d := newDayEvent(t, a, org, "0", "Ann", "Ben", "Cy")
	d.pairAndPublish(1)

	pages := []string{"", "/edit", "/players", "/decks", "/rounds", "/rounds/1", "/standings", "/snapshots", "/delete"}
	// English the pages show: none may be left in another language.
	english := []string{
		"Add player", "Player name", "Checked in", "Details and link", "Waitlist",
		"Round length", "Swiss rounds", "Print, show and export", "Match slips", "Add a judge",
		"Time zone (every time", "Points for a win", "Rounds and standings",
		"Lock lists", "Publish lists", "Mark checked",
		"Publish pairings", "Pause", "Waiting for a report", "Choose the result", "Re-pair this round",
		"Enter or fix", "Results missing", "In play", "Swiss standings", "How the tiebreakers are computed",
		"Take a snapshot now", "A snapshot is a copy", "This removes the event", "Delete the event",
	}
	for _, lang := range []struct {
		code string
		want map[string][]string // page → texts it must show
	}{
		{"de", map[string][]string{
			"":           {"Rundendauer", "Schweizer Runden", "Drucken, zeigen und exportieren", "Bearbeiten"},
			"/edit":      {"Punkte für einen Sieg", "Runden und Platzierungen", "Best of three", "Speichern"},
			"/players":   {"Spieler hinzufügen", "Name des Spielers", "Eingecheckt", "Details und Link"},
			"/decks":     {"Listen sperren", "Listen veröffentlichen", "Deckcheck"},
			"/rounds":    {"Fehlende Ergebnisse", "Schweizer System", "Läuft"},
			"/rounds/1":  {"Uhr starten", "Wartet auf eine Meldung", "Ergebnis wählen", "Freilos", "Eintragen oder korrigieren"},
			"/standings": {"Tiebreaker: ", "Wie die Tiebreaker berechnet werden", "Punkte"},
			"/snapshots": {"Jetzt sichern", "Eine Sicherung ist eine Kopie"},
			"/delete":    {"Turnier löschen", "Das entfernt das Turnier"},
		}},
		{"ja", map[string][]string{
			"":           {"ラウンド時間", "スイスドローのラウンド数", "印刷・表示・エクスポート", "編集"},
			"/edit":      {"勝ちの勝ち点", "ラウンドと順位", "3本勝負", "保存"},
			"/players":   {"プレイヤーを追加", "プレイヤー名", "チェックイン", "詳細とリンク"},
			"/decks":     {"リストをロック", "リストを公開", "デッキチェック"},
			"/rounds":    {"結果未入力", "スイスドロー", "対戦中"},
			"/rounds/1":  {"タイマー開始", "報告待ち", "結果を選択", "不戦勝", "入力・修正"},
			"/standings": {"タイブレーク：", "タイブレークの計算方法", "勝ち点"},
			"/snapshots": {"今すぐスナップショットを作成", "スナップショットは、ある時点"},
			"/delete":    {"大会を削除", "大会とそのプレイヤー、結果を削除します"},
		}},
	} {
		for _, page := range pages {
			r, _ := org.getIn(d.path+page, lang.code)
			if r.status != http.StatusOK {
				t.Fatalf("%s %s: status %d\n%s", lang.code, page, r.status, excerpt(r.body))
			}
			expectLang(t, lang.code+" "+page, r, lang.code)
			for _, want := range lang.want[page] {
				if !strings.Contains(r.body, want) {
					t.Errorf("%s %s lacks %q", lang.code, page, want)
				}
			}
			text := visibleText(r.body)
			for _, en := range english {
				if strings.Contains(text, en) {
					t.Errorf("%s %s still says %q in English", lang.code, page, en)
				}
			}
		}
	}
	// The notice after an action is in the page's language too.
	expectRedirect(t, "take a snapshot", org.post(d.path+"/snapshots", d.path+"/snapshots", nil), d.path+"/snapshots")
	r, _ := org.getIn(d.path+"/snapshots", "ja")
	if !strings.Contains(r.body, "スナップショットを作成しました。") || strings.Contains(r.body, "Snapshot taken.") {
		t.Errorf("the notice after taking a snapshot is not in Japanese:\n%s", excerpt(r.body))
	}
}

// visibleText is a page's text without its tags (so without attribute
// values).
func visibleText(body string) string {
	var b strings.Builder
	depth := 0
	for i := 0; i < len(body); i++ {
		switch c := body[i]; {
		case c == '<':
			depth++
		case c == '>' && depth > 0:
			depth--
		case depth == 0:
			b.WriteByte(c)
		}
	}
	return b.String()
}
