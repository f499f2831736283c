package supervisor

import "strings"

// Samba logs a failed login as "Authentication for user [carol] ->
// [carol] FAILED with error NT_STATUS_WRONG_PASSWORD, … remote host
// [ipv4:192.168.1.50:51422]": the user in brackets, the address inside
// "[ipv4:ADDR:PORT]". The failed-login counts (countclaims.go,
// journalitems.go) read it as they read sshd's "Failed password for X
// from ADDR".

// smbLoginFailure reports a Samba failed-login line (lowercased text).
func smbLoginFailure(t string) bool {
	return strings.Contains(t, "authentication for user [") && strings.Contains(t, "failed with error nt_status_")
}

// namesUser reports whether a journal line names user as its account:
// "user bob", "for bob", "user=bob", "user=<bob>", `user "bob"`,
// Grafana's logfmt "username=bob", Samba's "user [carol]" and FreeRADIUS's
// "[jdupont/<via Auth-Type = PAP>]"; whole names
// only.
func namesUser(t, user string) bool {
	return containsBounded(t, "user "+user, false) || containsBounded(t, "for "+user, false) ||
		containsBounded(t, "user="+user, false) || containsBounded(t, "username="+user, false) || strings.Contains(t, "user=<"+user+">") ||
		strings.Contains(t, `user "`+user+`"`) || strings.Contains(t, "user ["+user+"]") || strings.Contains(t, "["+user+"/<via ")
}

// allQualifier returns the user and address of an "all …" item right
// after a count's item, which ends at end ("4 failed logins, all for user carol from
// 192.168.1.50"): what it says holds for each line counted, so the count
// is of the lines that have them.
func allQualifier(s string, end int) (user, addr string) {
	rest := strings.TrimLeft(s[end:], ",;:—– ")
	if !strings.HasPrefix(rest, "all ") && !strings.HasPrefix(rest, "each ") {
		return "", ""
	}
	from := len(s) - len(rest)
	next := countItem(s, from, from+len("all"))
	if u := loginUserRe.FindStringSubmatch(next); u != nil && u[1] != "ssh" {
		user = u[1]
	}
	return user, itemAddress(next, "")
}
