package supervisor

import "testing"

// citedBlind are the blind files written under the citation contract
// (testdata/BLIND_BRIEF_CITED.md: every answer cites the numbered lines it
// comes from). TestBlindCorpus judges them with their scenario's numbered
// lines as Input.Sources; the floors here are the first score of the same
// answers with their citations removed and no Sources, as the checker
// judged answers before the contract: the pair is the contract's
// measured effect on answers nobody tuned on. heldout62–64 were written
// under testdata/BLIND_BRIEF_FORM.md, which adds the sentence form (one
// fact per sentence, its subject named, figures as the line prints
// them), on the same captures and at the same time as heldout59–61
// under the citation brief alone: the pair of arms is the form's effect.
// heldout65–68 repeat the two arms on one more capture (host57;
// testdata/BLIND_BRIEF_CITED2.md for 65–66, BLIND_BRIEF_FORM2.md for 67–68),
// and heldout69–72 on two more (host58 and host59, a mirror server
// captured before and after a change; BLIND_BRIEF_CITED3.md for 69–70,
// BLIND_BRIEF_FORM3.md for 71–72), and heldout73–76 on a PostgreSQL
// server (host60 and host61; the CITED4 and FORM4 briefs), and
// heldout77–80 on a mail server (host62 and host63; CITED5 and FORM5),
// and heldout83–84 and 87–88, the sentence form's arm beside the fact
// form's (factblind_test.go) on a file server (host64 and host65; FORM6)
// and a CI server (host66 and host67; FORM7).
var citedBlind = map[string]map[string]int{
	"heldout53.txt": {"T": 28, "A": 6, "F": 24, "G": 4},
	"heldout54.txt": {"T": 28, "A": 7, "F": 26, "G": 4},
	"heldout55.txt": {"T": 24, "A": 8, "F": 27, "G": 4},
	"heldout56.txt": {"T": 29, "A": 8, "F": 29, "G": 4},
	"heldout57.txt": {"T": 23, "A": 5, "F": 26, "G": 3},
	"heldout58.txt": {"T": 21, "A": 7, "F": 24, "G": 4},
	"heldout59.txt": {"T": 28, "A": 5, "F": 31, "G": 4},
	"heldout60.txt": {"T": 28, "A": 6, "F": 31, "G": 4},
	"heldout61.txt": {"T": 27, "A": 7, "F": 28, "G": 4},
	"heldout62.txt": {"T": 29, "A": 7, "F": 28, "G": 4},
	"heldout63.txt": {"T": 28, "A": 7, "F": 26, "G": 4},
	"heldout64.txt": {"T": 30, "A": 7, "F": 29, "G": 4},
	"heldout65.txt": {"T": 16, "A": 4, "F": 17, "G": 3},
	"heldout66.txt": {"T": 16, "A": 4, "F": 16, "G": 3},
	"heldout67.txt": {"T": 18, "A": 4, "F": 16, "G": 3},
	"heldout68.txt": {"T": 15, "A": 4, "F": 17, "G": 3},
	"heldout69.txt": {"T": 16, "A": 4, "F": 17, "G": 3},
	"heldout70.txt": {"T": 16, "A": 4, "F": 17, "G": 3},
	"heldout71.txt": {"T": 16, "A": 4, "F": 17, "G": 3},
	"heldout72.txt": {"T": 17, "A": 4, "F": 17, "G": 3},
	"heldout73.txt": {"T": 14, "A": 4, "F": 16, "G": 3},
	"heldout74.txt": {"T": 17, "A": 4, "F": 18, "G": 3},
	"heldout75.txt": {"T": 17, "A": 4, "F": 16, "G": 3},
	"heldout76.txt": {"T": 14, "A": 3, "F": 17, "G": 3},
	"heldout77.txt": {"T": 14, "A": 2, "F": 12, "G": 3},
	"heldout78.txt": {"T": 9, "A": 3, "F": 11, "G": 3},
	"heldout79.txt": {"T": 17, "A": 4, "F": 12, "G": 3},
	"heldout80.txt": {"T": 11, "A": 2, "F": 16, "G": 3},
	"heldout83.txt": {"T": 15, "A": 4, "F": 15, "G": 3},
	"heldout84.txt": {"T": 12, "A": 4, "F": 12, "G": 3},
	"heldout87.txt": {"T": 16, "A": 4, "F": 16, "G": 3},
	"heldout88.txt": {"T": 16, "A": 4, "F": 11, "G": 3},
}

// TestCitedBlindUncited judges every answer of the cited blind files with
// its citations removed and no Sources, logs the rates and fails when a
// rule change judges fewer of a label right than the first score did.
func TestCitedBlindUncited(t *testing.T) {
	skipUnderRace(t)
	checkFloors(t, citedBlind, true)
}
