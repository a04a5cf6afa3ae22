package i18n

import "context"

// Message is a sentence not yet worded: its message id and named values,
// and for a message with plural forms the count that chooses the form.
// Handlers put Messages into view models; the views word them in the
// reader's language when they render (Message.In), so what a handler hands
// a view is a fact, and the language is decided once, at the edge.
type Message struct {
	ID    string
	Args  Args
	Count *int // nil: T; set: N with this count
	// Text, without ID, is said as it is in every language: a name or a
	// code where a sentence may also stand (Verbatim).
	Text string
	// phrase, without ID or Text, is worded by a view-side package (Of).
	phrase Phrase
}

// Verbatim is text that needs no wording (a username, a stored code), for
// a place that holds a Message.
func Verbatim(text string) Message { return Message{Text: text} }

// Of is a phrase a view-side package words (an engine event, a rule
// violation), for a place that holds a Message; worded when it renders.
func Of(p Phrase) Message { return Message{phrase: p} }

// M is the message id with its named values.
func M(id string, args Args) Message { return Message{ID: id, Args: args} }

// MN is the message id in the plural form for count n (see N).
func MN(id string, n int, args Args) Message { return Message{ID: id, Args: args, Count: &n} }

// IsZero reports whether the message is empty (no id): a view shows nothing.
func (m Message) IsZero() bool { return m.ID == "" && m.Text == "" && m.phrase == nil }

// Phrase is anything worded in the reader's language when a page renders:
// a Message, or a view-side phrase (a parse error, an engine step) that
// its own package words. A Phrase among a Message's Args is worded first.
type Phrase interface {
	In(ctx context.Context) string
}

// In words the message in the language of ctx; the empty Message is "",
// a Verbatim one its text, one made by Of what its phrase says. A value in Args that is itself a Phrase (such
// as another Message) is worded first, in the same language, so a
// sentence can hold another (a reason inside a notice).
func (m Message) In(ctx context.Context) string {
	if m.ID == "" {
		if m.phrase != nil {
			return m.phrase.In(ctx)
		}
		return m.Text
	}
	args := m.Args
	for _, v := range m.Args {
		if _, ok := v.(Phrase); ok {
			args = make(Args, len(m.Args))
			for k, v := range m.Args {
				if inner, ok := v.(Phrase); ok {
					v = inner.In(ctx)
				}
				args[k] = v
			}
			break
		}
	}
	if m.Count != nil {
		return N(ctx, m.ID, *m.Count, args)
	}
	return T(ctx, m.ID, args)
}
