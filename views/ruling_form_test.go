package views

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The ruling form's problem summary lists problems in the order the form
// shows their fields: rulingFormFields must follow the template.
func TestRulingFormFieldsInOrder(t *testing.T) {
	b, err := os.ReadFile("judge.templ")
	if err != nil {
		t.Fatal(err)
	}
	form := string(b)
	form = form[strings.Index(form, "templ judgeRulingForm("):]
	form = form[:strings.Index(form, "\n}\n")]
	var shown []string
	for _, m := range regexp.MustCompile(`@fieldProblem\(f\.Errors, "([a-z0-9_]+)"\)`).FindAllStringSubmatch(form, -1) {
		shown = append(shown, m[1])
	}
	if !slices.Equal(shown, rulingFormFields) {
		t.Errorf("the ruling form shows its fields' problems in the order\n%v\nbut rulingFormFields is\n%v", shown, rulingFormFields)
	}
}
