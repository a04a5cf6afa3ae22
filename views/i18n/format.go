package i18n

import (
	"context"
	"strconv"
	"sync"
	"time"

	"golang.org/x/text/message"
	"golang.org/x/text/number"
)

// x/text formats numbers by language but has no date formatting, so dates
// and times are worded by messages of each file: the pattern (FormatDate,
// FormatTime, FormatDateTime, FormatZoned) and the month names (Month1 …
// Month12). A file without them falls back to English's, per message.

// monthIDs are the messages of the month names, January first.
var monthIDs = [12]string{"Month1", "Month2", "Month3", "Month4", "Month5", "Month6",
	"Month7", "Month8", "Month9", "Month10", "Month11", "Month12"}

// Date is a calendar date in the context's language ("12 December 2026",
// "12. Dezember 2026", "2026年12月12日"). It reads the date's own fields, so
// give it a date (an event's day) or a time already in the zone to show.
func Date(ctx context.Context, t time.Time) string {
	return T(ctx, "FormatDate", Args{
		"Year": t.Year(), "Month": int(t.Month()), "Month2": pad2(int(t.Month())),
		"MonthName": T(ctx, monthIDs[t.Month()-1], nil), "Day": t.Day(), "Day2": pad2(t.Day()),
	})
}

// BanListName is a ban list's name in the context's language: a name that
// is an English month and year ("March 2026", as Bandai names its lists and
// the built-in list is named) is that month in the reader's words ("März
// 2026", "2026年3月"); a name an organiser gave stays as they wrote it.
func BanListName(ctx context.Context, name string) string {
	return BanListNamed(name).In(ctx)
}

// BanListNamed is BanListName as a fact, for a view to word.
func BanListNamed(name string) Message {
	t, err := time.Parse("January 2006", name)
	if err != nil {
		return Verbatim(name)
	}
	return M("FormatMonthYear", Args{
		"Year": t.Year(), "Month": int(t.Month()), "MonthName": M(monthIDs[t.Month()-1], nil),
	})
}

// DateOf is a date written as files and the command line write dates
// ("2026-06-01": a ban list's, a deck check's) in the context's language;
// anything else is given back as it is.
func DateOf(ctx context.Context, s string) string {
	d, err := time.Parse(time.DateOnly, s)
	if err != nil {
		return s
	}
	return Date(ctx, d)
}

// Time is a time of day in the zone zone, in the context's language
// ("14:05"), without the zone's name.
func Time(ctx context.Context, t time.Time, zone *time.Location) string {
	t = t.In(orUTC(zone))
	return T(ctx, "FormatTime", Args{"Hour": t.Hour(), "Hour2": pad2(t.Hour()), "Minute": pad2(t.Minute()), "Second": pad2(t.Second())})
}

// DateTime is a date and time of day in the zone zone, with the zone's name
// ("12 December 2026, 14:05 CET"): every time a page shows says which
// zone it is in.
func DateTime(ctx context.Context, t time.Time, zone *time.Location) string {
	t = t.In(orUTC(zone))
	return Zoned(ctx, T(ctx, "FormatDateTime", Args{"Date": Date(ctx, t), "Time": Time(ctx, t, t.Location())}), t)
}

// DateTimeSeconds is DateTime to the second, for logs where the order of
// close events matters (the audit log).
func DateTimeSeconds(ctx context.Context, t time.Time, zone *time.Location) string {
	t = t.In(orUTC(zone))
	clock := T(ctx, "FormatTimeSeconds", Args{"Hour": t.Hour(), "Hour2": pad2(t.Hour()), "Minute": pad2(t.Minute()), "Second": pad2(t.Second())})
	return Zoned(ctx, T(ctx, "FormatDateTime", Args{"Date": Date(ctx, t), "Time": clock}), t)
}

// Clock is a time of day with its zone's name ("14:05 CET").
func Clock(ctx context.Context, t time.Time, zone *time.Location) string {
	t = t.In(orUTC(zone))
	return Zoned(ctx, Time(ctx, t, t.Location()), t)
}

// Zoned adds the name of t's zone to a formatted date or time.
func Zoned(ctx context.Context, formatted string, t time.Time) string {
	return T(ctx, "FormatZoned", Args{"When": formatted, "Zone": ZoneName(t)})
}

// ZoneName is the short name of t's zone at t ("CET", "JST", "UTC"), or
// its offset ("+0530") where the zone database has no abbreviation.
func ZoneName(t time.Time) string {
	name := t.Format("MST")
	if name == "" || name[0] == '+' || name[0] == '-' {
		return t.Format("-0700")
	}
	return name
}

// Int is a whole number with the language's digit grouping ("1,234",
// "1.234", "1 234").
func Int(ctx context.Context, n int64) string {
	return printer(ctx).Sprint(number.Decimal(n))
}

// Decimal is v with exactly digits decimals in the language's way ("0.6667",
// "0,6667").
func Decimal(ctx context.Context, v float64, digits int) string {
	return printer(ctx).Sprint(number.Decimal(v, number.MinFractionDigits(digits), number.MaxFractionDigits(digits)))
}

// Percent is a share (0.5 is half) as a percentage with exactly digits
// decimals, spaced and signed as the language does ("45.7%", "45,7 %").
func Percent(ctx context.Context, share float64, digits int) string {
	return printer(ctx).Sprint(number.Percent(share, number.MinFractionDigits(digits), number.MaxFractionDigits(digits)))
}

// printers are the number printers of the offered languages, made once: a
// Printer is safe for concurrent use, and counts are written on every page.
var printers sync.Map // language.Tag → *message.Printer

// printer writes numbers in the context's language.
func printer(ctx context.Context) *message.Printer {
	t := tag(ctx)
	if p, ok := printers.Load(t); ok {
		return p.(*message.Printer)
	}
	p, _ := printers.LoadOrStore(t, message.NewPrinter(t))
	return p.(*message.Printer)
}

func pad2(n int) string {
	if n < 10 {
		return "0" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

func orUTC(zone *time.Location) *time.Location {
	if zone == nil {
		return time.UTC
	}
	return zone
}
