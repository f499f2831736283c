package supervisor

import "testing"

// TestTitleCounts checks a count of processes named by a ps title with a
// colon ("php-fpm: pool www"), set in bold or backticked: the rows holding
// that title, not every php-fpm process; on host27's and host32's ps.
func TestTitleCounts(t *testing.T) {
	host27 := EvidenceText(scenario(t, "host27"))
	host32 := EvidenceText(scenario(t, "host32"))
	checkPairs(t, []pair{
		{"bold title with a colon", host27, "There are three **php-fpm: pool www** workers in the top memory list.",
			"There are four **php-fpm: pool www** workers in the top memory list."},
		{"plain title with a colon", host32, "ps shows 3 php-fpm: pool www workers.",
			"ps shows 5 php-fpm: pool www workers."},
		{"backticked title", host32, "The top memory list has three `php-fpm: pool www` processes.",
			"The top memory list has two `php-fpm: pool www` processes."},
		// A title of three or more words is evidence text, blanked as a
		// quotation in the sentence's own reading: its count still counts.
		{"backticked title before workers", host32, "ps shows 3 `php-fpm: pool www` workers.",
			"ps shows 5 `php-fpm: pool www` workers."},
		{"backticked title before a role noun", EvidenceText(scenario(t, "host31")), "ps shows four `php-fpm: pool www` worker processes.",
			"ps shows five `php-fpm: pool www` worker processes."},
		{"backticked nginx title", host32, "The 2 `nginx: worker process` workers serve requests.",
			"The 3 `nginx: worker process` workers serve requests."},
	})
}
