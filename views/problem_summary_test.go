package views

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The event form's problem summary lists problems in the order the form
// shows their fields: eventFormFields must follow the templates.
func TestEventFormFieldsInOrder(t *testing.T) {
	read := func(name string) string {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	form := read("events.templ")
	form = form[strings.Index(form, "templ EventFormPage("):]
	form = form[:strings.Index(form, "\n}\n")]
	twoDay := read("twoday.templ")
	twoDay = twoDay[strings.Index(twoDay, "templ twoDayFields("):]
	form = strings.Replace(form, "@twoDayFields(f)", twoDay[:strings.Index(twoDay, "\n}\n")], 1)
	var shown []string
	for _, m := range regexp.MustCompile(`@fieldProblem\(f\.Errors, "([a-z0-9_]+)"\)`).FindAllStringSubmatch(form, -1) {
		if !slices.Contains(shown, m[1]) {
			shown = append(shown, m[1])
		}
	}
	if !slices.Equal(shown, eventFormFields) {
		t.Errorf("the event form shows its fields' problems in the order\n%v\nbut eventFormFields is\n%v", shown, eventFormFields)
	}
}

// Problems come in the form's order, then the fields it does not name.
func TestFieldsInOrder(t *testing.T) {
	errs := FieldProblems{"venue": {}, "zeta": {}, "name": {}, "alpha": {}}
	got := fieldsInOrder(errs, []string{"name", "date", "venue"})
	if want := []string{"name", "venue", "alpha", "zeta"}; !slices.Equal(got, want) {
		t.Errorf("fieldsInOrder = %v, want %v", got, want)
	}
}
