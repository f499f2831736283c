package supervisor

import (
	"slices"
	"testing"
)

// The names extract takes from the shared lexicon: programs by name alone,
// interfaces including lo, two-letter disks with a partition, and no
// stopword as a name even where context would make one.
func TestExtractLexiconNames(t *testing.T) {
	tests := []struct {
		answer string
		want   []string
	}{
		{"lo carries 127.0.0.1 and polkit is idle.", []string{"lo", "127.0.0.1", "polkit"}},
		{"The weird box uses 2.1 GiB.", []string{"2.1 GiB"}},
		{"sdab1 sits next to hdmi1.", []string{"sdab1"}},
		{"A program named backupd uses slack and ssh.", []string{"backupd"}},
		{"nginx.service and swapfile.swap are loaded.", []string{"nginx.service", "swapfile.swap"}},
	}
	for _, tt := range tests {
		var got []string
		for _, c := range extract(tt.answer, nil) {
			if !c.soft { // soft claims ground where found and are never missing
				got = append(got, c.text)
			}
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("%q: claims %q, want %q", tt.answer, got, tt.want)
		}
	}
}
