package supervisor

import (
	"slices"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// A general statement ("…, so it's normal", "is expected") is read as
// advice, whose names need not be in the evidence ("Firefox tends to use
// a lot of memory"). But a well-known program or product named in one as
// the user's still says what runs here: "that's your nightly PostgreSQL
// backup, so it's normal" claims a PostgreSQL the evidence must show. Its denial ("not by a postgres process"), contrast
// ("rather than a real PostgreSQL dump") and usual-port ("the usual MySQL
// port") shapes are dropped at extraction and never reach this.

// possessiveSpan is how many words before a name may hold the "your" of
// its noun phrase ("your nightly PostgreSQL backup").
const possessiveSpan = 3

// generalProgram reports whether c, a claim of a general statement, is a
// well-known program's name said to be the user's, which must be found.
func generalProgram(answer string, c claim) bool {
	if !c.general || c.kind != kindName || c.class != classProcess || c.positional || c.soft || !lexicon.IsProgram(c.key) {
		return false
	}
	before := plainWords(answer[max(c.clause, 0):min(c.off, len(answer))])
	return slices.Contains(before[max(0, len(before)-possessiveSpan):], "your")
}
