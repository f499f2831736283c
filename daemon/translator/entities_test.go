package translator

import (
	"slices"
	"testing"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// askedNames only adds to lexicon's programs: a name in both lists, a
// stopword or a word that is not a name shape would never be reached or
// would contradict the shared lexicon.
func TestAskedNames(t *testing.T) {
	for w := range askedNames {
		if lexicon.IsProgram(w) {
			t.Errorf("%q is already a lexicon program", w)
		}
		if lexicon.IsStopword(w) || !lexicon.IsName(w) {
			t.Errorf("%q cannot name software", w)
		}
	}
}

// Names the lexicon knows become entities with the right hint; the shared
// rules (lo is an interface, a prefix past /32 is no address) hold here.
func TestEntityShapes(t *testing.T) {
	tests := []struct {
		query string
		want  []string
	}{
		{"is lo up", []string{"lo"}},
		{"why is kworker eating cpu", []string{"kworker"}},
		{"is ssh exposed", []string{"ssh"}},
		{"ping 10.0.0.1/24 and 10.0.0.1/33", []string{"10.0.0.1/24"}},
		{"is swapfile.swap active", []string{"swapfile.swap"}},
		{"my hdmi1 output flickers on sdab1", []string{"sdab1"}},
		{"restart the main service", nil},
	}
	for _, tt := range tests {
		if got := names(entities(parse(tt.query))); !slices.Equal(got, tt.want) {
			t.Errorf("%q: entities %q, want %q", tt.query, got, tt.want)
		}
	}
}
