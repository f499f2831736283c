package supervisor

// failedEvent reports a "failed" that says what failed, not a state of
// the name before it: "the journal shows failed passwords", "shows failed
// SSH passwords" (one word naming the service may stand between), as
// "Failed password" on sshd's line is a refused login (see failedEvents).
func failedEvent(words []string, i int) bool {
	return words[i] == "failed" && (failedEvents[at(words, i+1)] || failedEvents[at(words, i+2)])
}
