package supervisor

import "github.com/jjgarcianorway/anna-assistant/daemon/lexicon"

// A unit can be denied a state by the group that has it: "certbot.service
// is not among the failed units", "isn't in the failed units", "is not
// one of the failed units", "is absent from the failed units", or by a
// listing: "is not listed as failed". Such a denial is missing when the
// evidence lists the unit as failed, as "certbot.service is not failed"
// is (grounding.go's denied states).

// listedAs before "as" make a state a listing's: "is not listed as failed".
var listedAs = lexicon.NewSet(`listed shown marked reported`)

// amongWords join a member to its group: "among the failed units".
var amongWords = lexicon.NewSet(`among amongst in of`)

// memberWords may stand between the negation and amongWords: "not listed
// among", "not one of", "not part of", "not included in".
var memberWords = lexicon.NewSet(`listed shown one part included counted`)

// absentWords deny membership themselves: "absent from the failed units".
var absentWords = lexicon.NewSet(`absent missing`)

// deniedAmong reports whether the state word words[i], before a group
// noun, names a group its sentence says a member is not in.
func deniedAmong(words []string, i int) bool {
	j := i - 1
	if j >= 0 && (words[j] == "the" || words[j] == "any") {
		j--
	}
	if j < 1 {
		return false
	}
	if words[j] == "from" {
		return absentWords[words[j-1]]
	}
	if !amongWords[words[j]] {
		return false
	}
	j--
	if memberWords[words[j]] && j > 0 {
		j--
	}
	switch words[j] {
	case "not", "isn't", "isnt", "aren't", "arent", "wasn't", "never":
		return true
	}
	return false
}

// listedNeg returns where denied should look for the negation of a state
// whose word is preceded by words[neg]: before "listed as" when that is
// what stands there ("is not listed as failed"), else neg.
func listedNeg(words []string, neg int) int {
	if words[neg] == "as" && neg >= 2 && listedAs[words[neg-1]] {
		return neg - 2
	}
	return neg
}
