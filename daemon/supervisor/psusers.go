package supervisor

import "strings"

// A user a process is said to run as ("java (PID 19478), running as user
// billing") is ps's USER column of its row, or the user field of its
// typed data: not any word of the row, whose command line may hold the
// name in a path ("/opt/app/billing.jar") while the row says "backup".

// processProbes print one process per row, its user first.
var processProbes = map[string]bool{"top_memory": true, "top_cpu": true}

// nameOrUser matches a name claim against the record: a user name in a
// process row only by that row's user (see above), any other name as
// hasName does.
func (r record) nameOrUser(c claim) bool {
	if !c.user || !processProbes[r.probe] {
		return r.hasName(c.key)
	}
	if _, rest, ok := strings.Cut(r.text, " user "); ok && strings.Contains(r.text, " uid ") {
		// Typed data: "… uid 999 user billing vsz_kib …".
		f := strings.Fields(rest)
		return len(f) > 0 && userField(f[0], c.key)
	}
	f := strings.Fields(r.text)
	return len(f) > 0 && userField(f[0], c.key)
}

// userField reports whether ps's user field names user; ps cuts a name
// longer than its column to a "+" ("systemd+" of systemd-resolve).
func userField(field, user string) bool {
	if cut, ok := strings.CutSuffix(field, "+"); ok && cut != "" {
		return strings.HasPrefix(user, cut)
	}
	return field == user
}
