package probes

import "slices"

// registry maps every allowlisted ID to its spec. Host probes read procfs,
// sysfs and statfs; system probes read netlink, D-Bus and the journal.
var registry = func() map[string]Spec {
	m := make(map[string]Spec)
	for _, s := range slices.Concat(hostSpecs(), systemSpecs()) {
		m[s.ID] = s
	}
	return m
}()

// Lookup returns the spec of an allowlisted probe.
func Lookup(id string) (Spec, bool) {
	s, ok := registry[id]
	return s, ok
}
