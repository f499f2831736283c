package facts

import (
	"encoding/json"
	"maps"
	"reflect"
	"slices"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	a, err := Parse(`{"facts":[{"line":2,"subject":"clamd","field":"RSS","value":"1420500"},{"line":0,"subject":"","field":"count","count":"status=deferred","value":"2"}],` +
		`"summary":"clamd uses the most memory.","advice":["Check the ClamAV signature size."],"missing":""}`)
	if err != nil {
		t.Fatal(err)
	}
	want := "clamd uses the most memory.\n\n- clamd RSS: 1420500\n- lines with \"status=deferred\": 2\n\n- Check the ClamAV signature size."
	if got := a.Text(); got != want {
		t.Errorf("Text() = %q, want %q", got, want)
	}
	for _, bad := range []string{
		``,
		`{"facts":[`,
		`{"facts":[],"summary":"x"} and more`,
		`{"facts":[],"summary":"x"}}`,
		`{"facts":[],"summary":"x"} null`,
		`{"facts":[],"advice":[` + strings.Repeat(`"a",`, MaxAdvice) + `"a"]}`,
		`{"facts":[],"summary":"x","verdict":"fine"}`,
		`["a"]`,
		`{"facts":[],"summary":"` + strings.Repeat("x", MaxTextByte+1) + `"}`,
		`{"facts":[` + strings.Repeat(`{"line":1,"subject":"a","field":"b","value":"c"},`, MaxFacts) + `{"line":1,"subject":"a","field":"b","value":"c"}]}`,
	} {
		if _, err := Parse(bad); err == nil || !strings.HasPrefix(err.Error(), "cannot ") {
			t.Errorf("Parse(%.40q) = %v, want a \"cannot …\" error", bad, err)
		}
	}
}

// TestSchemaMatchesTheStructs checks that the schema asks for exactly the
// fields Parse reads (the summary of the form's first version aside), in
// the order Answer.Text and Stream lay them out, and bounds every string
// and list, without which a small model writes until its token budget
// runs out.
func TestSchemaMatchesTheStructs(t *testing.T) {
	var v struct {
		Properties map[string]json.RawMessage `json:"properties"`
	}
	if err := json.Unmarshal(Schema, &v); err != nil {
		t.Fatal(err)
	}
	if tags := jsonTags(reflect.TypeFor[Answer](), "summary"); !slices.Equal(tags, slices.Sorted(maps.Keys(v.Properties))) {
		t.Errorf("schema properties %v, Answer's fields %v", slices.Sorted(maps.Keys(v.Properties)), tags)
	}
	var factSchema struct {
		Items struct {
			Properties map[string]json.RawMessage `json:"properties"`
		} `json:"items"`
	}
	if err := json.Unmarshal(v.Properties["facts"], &factSchema); err != nil {
		t.Fatal(err)
	}
	if tags := jsonTags(reflect.TypeFor[Fact]()); !slices.Equal(tags, slices.Sorted(maps.Keys(factSchema.Items.Properties))) {
		t.Errorf("fact properties %v, Fact's fields %v", slices.Sorted(maps.Keys(factSchema.Items.Properties)), tags)
	}
	s := string(Schema)
	if f, a, m := strings.Index(s, `"facts"`), strings.Index(s, `"advice"`), strings.Index(s, `"missing"`); !(f < a && a < m) {
		t.Errorf("schema lists facts, advice and missing out of order: %s", s)
	}
	if n := strings.Count(s, `"type":"string"`); n != strings.Count(s, `"maxLength"`) || n != 6 {
		t.Errorf("%d strings and %d maxLength in %s", n, strings.Count(s, `"maxLength"`), s)
	}
	if n := strings.Count(s, `"type":"array"`); n != strings.Count(s, `"maxItems"`) {
		t.Errorf("%d arrays and %d maxItems in %s", n, strings.Count(s, `"maxItems"`), s)
	}
}

// jsonTags lists the JSON names of t's fields, sorted, without skip.
func jsonTags(t reflect.Type, skip ...string) []string {
	var out []string
	for f := range t.Fields() {
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if !slices.Contains(skip, name) {
			out = append(out, name)
		}
	}
	slices.Sort(out)
	return out
}

func TestStatement(t *testing.T) {
	for _, c := range []struct {
		f    Fact
		want string
	}{
		{Fact{Subject: "clamd", Field: "RSS", Value: "1420500"}, "clamd RSS: 1420500"},
		{Fact{Value: "AMD EPYC"}, "AMD EPYC"},
		{Fact{Count: "Ban", Value: "3"}, `lines with "Ban": 3`},
	} {
		if got := c.f.Statement(); got != c.want {
			t.Errorf("Statement(%+v) = %q, want %q", c.f, got, c.want)
		}
	}
}
