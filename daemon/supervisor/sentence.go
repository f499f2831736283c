package supervisor

// sentence is where one sentence of the answer lies and what it says once
// its quotes are blanked. extractAll cuts the answer once, with the same
// quotes (short and long) that number the claims' sentences, so a rule
// reading sentences judges the ones c.sent counts: a second cut that
// missed a long quote would split a quoted "Done. Nothing to report." and
// shift every sentence after it.
type sentence struct {
	at              span   // [start, end) in the answer
	blank           string // the sentence with its quotes blanked
	advice, general bool   // see adviceSentences
}

// asked reports a sentence that ends in a question mark.
func (s sentence) asked(answer string) bool {
	return s.at.end < len(answer) && answer[s.at.end] == '?'
}
