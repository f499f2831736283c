package supervisor

import (
	"slices"
	"testing"
)

func TestHedges(t *testing.T) {
	tests := []struct {
		text string
		want []string
	}{
		{"Firefox uses 1.1 GiB.", []string{}},
		{"Firefox probably uses the most memory.", []string{"probably"}},
		{"PROBABLY. Likely, too!", []string{"probably", "likely"}},
		{"It seems firefox is the culprit; I think it leaks.", []string{"it seems", "i think"}},
		{"I’m not sure, but it might be swap.", []string{"i'm not sure", "not sure", "might"}},
		{"That may be a leak; it could be the cache.", []string{"may be", "could be"}},
		{"In most cases this is normal. Usually it is.", []string{"in most cases", "usually"}},
		{"It should be fine.", []string{"it should be"}},
		{"The service should be restarted.", []string{}},
		{"You may want to close some tabs.", []string{}},
		{"The probe could not read /proc.", []string{}},
		{"About 1.2 GiB, roughly 8% of RAM.", []string{}},
		{"The mighty maybelline typically-ish", []string{"typically"}},
		{"'probably'", []string{"probably"}},
		{"As far as I know, AFAIK.", []string{"as far as i know", "afaik"}},
		{"probably probably probably", []string{"probably"}},
	}
	for _, tt := range tests {
		if got := Hedges(tt.text); !slices.Equal(got, tt.want) {
			t.Errorf("Hedges(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
}
