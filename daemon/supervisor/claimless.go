package supervisor

// checkClaimless judges an answer that makes no claim: the rules that
// read its sentences' words rather than its claims still hold ("no
// failed units", "Nothing is exposed to the network.", "Uptime: 3 days").
func checkClaimless(ix *index, g *Grounding, answer string, facts []sentenceFacts) {
	checkUptimes(ix, g, answer, facts, nil, nil)
	checkScoped(ix, g, facts, nil, nil, nil, nil)
	relate(ix, g, facts, nil)
	checkListenCounts(ix, g, facts)
	checkExposure(ix, g, answer, facts, nil)
}
