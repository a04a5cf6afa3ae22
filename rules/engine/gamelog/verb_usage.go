package gamelog

import "sort"

// VerbUsage is one verb of the text notation with its arguments, for help
// pages ("attack ATTACKER -> TARGET").
type VerbUsage struct {
	Verb  string
	Usage string // "" for a verb without arguments
}

// VerbUsages lists every verb the notation knows, sorted, with its usage:
// the same table the parser checks lines against.
func VerbUsages() []VerbUsage {
	out := make([]VerbUsage, 0, len(verbArgs))
	for v, u := range verbArgs {
		out = append(out, VerbUsage{Verb: string(v), Usage: u})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Verb < out[j].Verb })
	return out
}
