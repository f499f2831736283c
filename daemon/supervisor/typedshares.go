package supervisor

import "strings"

// tenths writes a whole-number percentage of typed data with one decimal.
// A typed value is exact, not rounded: the probes cut a process's shares to
// a tenth and JSON drops the ".0", so "mem_percent 0" written "0%" would
// read as 0–0.5% and ground "dovecot (PID 26955): 0.2%" where ps prints
// 0.0. df's whole Use% loses nothing: its own row prints it at its
// precision.
func tenths(key, value string) string {
	k := strings.ToLower(key)
	if !strings.HasSuffix(k, "percent") && !strings.HasSuffix(k, "_pct") {
		return value
	}
	if value == "" || strings.Trim(value, "0123456789") != "" {
		return value
	}
	return value + ".0"
}
