package engine

// The rule index in other languages. Rule numbers and IDs are the same in
// every language (citations stay by number); titles, explanations and
// search terms are written for this project in each language, entry by
// entry, so a language may cover part of the index: the rest is shown, and
// searched, in English.

// RuleText is an entry's title, explanation and search terms in one
// language.
type RuleText struct {
	Title, Explanation string
	Terms              []string
}

// ruleTexts holds the translated entries: language code (as the pages name
// languages: "de", "ja", "pt-BR") -> rule ID -> text.
var ruleTexts = map[string]map[string]RuleText{
	"de": {
		"CR 0-1-3-2": {Title: "Das Spiel verlieren",
			Explanation: "Wer keine Karten mehr im Lebensbereich oder im Deck hat, verliert. Es gibt keinen letzten Angriff, und niemand muss erst versuchen, von einem leeren Deck zu ziehen. Danach ist das Spiel vorbei, und keine Aktion kann mehr folgen.",
			Terms:       []string{"verlieren", "gewinnen", "niederlage", "leben null", "leeres deck"}},
		"CR 0-1-3-4": {Title: "Aufgeben",
			Explanation: "Ein Spieler darf jederzeit aufgeben; keine Karte kann das erzwingen oder verhindern. Wer aufgibt, verliert das Spiel; danach kann keine Aktion mehr folgen.",
			Terms:       []string{"aufgeben", "kapitulieren"}},
		"CR 6-1-2": {Title: "Ein Leader",
			Explanation: "Jeder Spieler benutzt genau eine Leader-Karte.",
			Terms:       []string{"leader", "deckbau"}},
		"CR 6-1-3": {Title: "Deckgröße",
			Explanation: "Das Deck enthält 50 bis 60 Kampf- und Extrakarten; der Leader zählt nicht dazu. Gespielt werden aus der Hand also nur Kampf- und Extrakarten: Eine Leader-Karte liegt von Anfang an in der Leader-Zone, bleibt dort und kann nicht gespielt werden.",
			Terms:       []string{"deckgröße", "kartenzahl", "deckbau"}},
		"CR 6-1-4-2": {Title: "Vier Exemplare",
			Explanation: "Höchstens 4 Exemplare jeder Kartennummer. Verschiedene Nummern mit demselben Namen zählen getrennt; alternative Artworks teilen sich ihre Nummer.",
			Terms:       []string{"exemplare", "kopien", "limit", "vier", "deckbau"}},
		"[Blocker]": {Title: "[Blocker]",
			Explanation: "Greift der Gegner an, darf der Verteidiger eine aktive Karte mit [Blocker] in den Ruhemodus drehen und sie so zum neuen Ziel machen. Nur ein Blocker pro Kampf, und nur direkt nach dem Angriff, vor jeder Kombo.",
			Terms:       []string{"blocker", "blocken", "abfangen"}},
	},
	"ja": {
		"CR 0-1-3-2": {Title: "敗北",
			Explanation: "ライフエリアのカードがなくなったプレイヤー、またはデッキのカードがなくなったプレイヤーは敗北します。最後の攻撃はなく、空のデッキから引こうとする必要もありません。敗北した時点でゲームは終了し、その後の行動はできません。",
			Terms:       []string{"敗北", "勝利", "ライフ0", "デッキアウト"}},
		"CR 0-1-3-4": {Title: "投了",
			Explanation: "プレイヤーはいつでも投了できます。カードの効果で投了を強制したり止めたりすることはできません。投了したプレイヤーはそのゲームに敗北し、その後の行動はできません。",
			Terms:       []string{"投了", "降参"}},
		"CR 6-1-2": {Title: "リーダーは1枚",
			Explanation: "各プレイヤーはリーダーカードをちょうど1枚使います。",
			Terms:       []string{"リーダー", "デッキ構築"}},
		"CR 6-1-3": {Title: "デッキの枚数",
			Explanation: "デッキはバトルカードとエクストラカード50枚以上60枚以下です。リーダーはデッキに含みません。手札から登場・使用できるのはバトルカードとエクストラカードだけで、リーダーカードは最初からリーダーエリアにあり、登場させることはできません。",
			Terms:       []string{"デッキ枚数", "デッキ構築"}},
		"CR 6-1-4-2": {Title: "同じカードは4枚まで",
			Explanation: "同じカード番号のカードは4枚までです。名前が同じでも番号が違えば別々に数えます。パラレルは同じ番号として数えます。",
			Terms:       []string{"4枚", "枚数制限", "デッキ構築"}},
		"[Blocker]": {Title: "【ブロッカー】",
			Explanation: "相手がアタックしたとき、防御側はアクティブの【ブロッカー】を持つカードをレストにして、新しいアタック対象にできます。1回のバトルで1枚だけ、アタックの直後、コンボより前に使えます。",
			Terms:       []string{"ブロッカー", "ブロック"}},
	},
}

// InLanguage is the entry with its text in language lang, and whether the
// index has the entry in that language; otherwise the English entry and
// false (English itself is always true).
func InLanguage(r RuleEntry, lang string) (RuleEntry, bool) {
	if lang == "" || lang == "en" {
		return r, true
	}
	t, ok := ruleTexts[lang][r.ID]
	if !ok {
		return r, false
	}
	r.Title, r.Explanation, r.Terms = t.Title, t.Explanation, t.Terms
	return r, true
}

// TranslatedRules is how many entries the index has in language lang (all
// of them for English).
func TranslatedRules(lang string) int {
	if lang == "" || lang == "en" {
		return len(Rules)
	}
	n := 0
	for id := range ruleTexts[lang] {
		if _, ok := ruleByID[id]; ok {
			n++
		}
	}
	return n
}

// SearchIn is Search in language lang: translated entries are matched on
// their text in lang, and every entry still on its English title and terms
// (judges know the English keyword names), so a query in either language
// finds the rule. The entries come back in lang where the index has them.
func SearchIn(query, lang string) []RuleEntry {
	if lang == "" || lang == "en" {
		return Search(query)
	}
	searchable := make([]RuleEntry, len(Rules))
	shown := make([]RuleEntry, len(Rules))
	for i, r := range Rules {
		local, translated := InLanguage(r, lang)
		shown[i], searchable[i] = local, local
		if translated {
			searchable[i].Terms = append(append(append([]string{}, local.Terms...), r.Terms...), r.Title)
		}
	}
	var out []RuleEntry
	for _, i := range searchEntries(searchable, query) {
		out = append(out, shown[i])
	}
	return out
}
