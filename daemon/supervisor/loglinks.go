package supervisor

// checkJournal runs the checks of what an answer says about logged
// events: the words of a causal clause and the events a sentence asserts
// (events.go), and the PID an event is said of (eventpids.go).
func checkJournal(ix *index, g *Grounding, answer string, facts []sentenceFacts, claims []claim, anchors map[int][]claim, records map[int][]int32) {
	checkScoped(ix, g, facts, claims, anchors, records)
	checkEventPIDs(ix, g, answer, claims)
}
