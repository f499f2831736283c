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

// blankedAnswer returns the answer with the quotes its sentences blank
// blanked, each byte where it was.
func blankedAnswer(answer string, facts []sentenceFacts) string {
	b := []byte(answer)
	for _, f := range facts {
		copy(b[f.at.start:f.at.end], f.blank)
	}
	return string(b)
}

// asked reports a sentence that ends in a question mark.
func (s sentence) asked(answer string) bool {
	return s.at.end < len(answer) && answer[s.at.end] == '?'
}
