package facts

import (
	"encoding/json"
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

func TestSchemaIsJSON(t *testing.T) {
	var v map[string]any
	if err := json.Unmarshal(Schema, &v); err != nil {
		t.Fatal(err)
	}
	props := v["properties"].(map[string]any)
	for _, k := range []string{"facts", "summary", "advice", "missing"} {
		if props[k] == nil {
			t.Errorf("Schema lacks %q", k)
		}
	}
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
