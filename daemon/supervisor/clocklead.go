package supervisor

// "minidlna crashed: at 23:09:45 the kernel logged a segfault in
// minidlnad (PID 30846)": a clock time that opens its segment dates the
// event its segment goes on to tell, so it is tied to the entity after it
// there however far, not to a heading's entity before a colon.

// clockLead reports whether c is a clock time opening its segment.
func clockLead(c claim) bool {
	return c.kind == kindClock && c.lead
}
