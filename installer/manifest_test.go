package installer

import (
	"strings"
	"testing"
)

func TestParseManifest(t *testing.T) {
	sum := "sha256:" + strings.Repeat("ab", 32)
	good := `{"version":1,"entries":[{"kind":"dir","target":"/var/lib/anna","detail":"mode 0700"},` +
		`{"kind":"file","target":"/usr/local/bin/annad","detail":"` + sum + `"},` +
		`{"kind":"group","target":"anna","detail":"system group"},` +
		`{"kind":"group_member","target":"anna","detail":"alice"},` +
		`{"kind":"unit_enabled","target":"annad.socket","detail":"systemctl enable"}]}`
	m, err := ParseManifest([]byte(good))
	if err != nil || len(m.Entries) != 5 || m.Entries[1].Detail != sum {
		t.Fatalf("ParseManifest(good) = %+v, %v", m, err)
	}
	bad := map[string]string{
		"version 2":        `{"version":2,"entries":[]}`,
		"unknown field":    `{"version":1,"entries":[],"extra":1}`,
		"unknown kind":     `{"version":1,"entries":[{"kind":"package","target":"x","detail":""}]}`,
		"relative path":    `{"version":1,"entries":[{"kind":"dir","target":"var/lib/anna","detail":"mode 0700"}]}`,
		"dotdot path":      `{"version":1,"entries":[{"kind":"dir","target":"/var/lib/../../etc","detail":"mode 0700"}]}`,
		"root":             `{"version":1,"entries":[{"kind":"dir","target":"/","detail":"mode 0700"}]}`,
		"file without sum": `{"version":1,"entries":[{"kind":"file","target":"/etc/x","detail":"mode 0700"}]}`,
		"bad user":         `{"version":1,"entries":[{"kind":"group_member","target":"anna","detail":"a;rm -rf /"}]}`,
		"bad unit":         `{"version":1,"entries":[{"kind":"unit_enabled","target":"../x.service","detail":""}]}`,
		"not json":         `{"version":1,"entries":[`,
		"too big":          `{"version":1,"entries":[]}` + strings.Repeat(" ", MaxManifestBytes),
	}
	for name, in := range bad {
		if _, err := ParseManifest([]byte(in)); err == nil || !strings.HasPrefix(err.Error(), "cannot read the install manifest") {
			t.Errorf("%s: err %v, want a refusal", name, err)
		}
	}
}
