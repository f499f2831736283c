package supervisor

import (
	"testing"

	"github.com/jjgarcianorway/anna-assistant/probes"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// TestKindDescriptors checks a descriptor of a kind of program ("the
// compiler", "the database", "the browser") said of a PID or a figure: the
// PID's ps row must show a program of that kind, and the figure must be
// one of such a program's rows; a descriptor is no name the evidence
// simply has or lacks.
func TestKindDescriptors(t *testing.T) {
	host31 := EvidenceText(scenario(t, "host31"))
	server := EvidenceText(scenario(t, "server"))
	laptop := evidence(t, "ps_aux_mem.txt", "ss.txt")
	checkPairs(t, []pair{
		{"compiler in a bracket with its PID", host31, "The compiler (PID 30331) uses 72% CPU.", "The compiler (PID 29962) uses 38.2% CPU."},
		{"compiler said to be a PID", host31, "The compiler is PID 30331.", "The compiler is PID 29962."},
		{"compiler with its command and PID", host31, "The Go compiler (`compile`, PID 30331) is at 72% CPU.", "The Go compiler (`java`, PID 29962) is at 38.2% CPU."},
		{"database with its PID", server, "The database (PID 2231) uses 38.6% CPU.", "The database (PID 1544) uses 21.7% CPU."},
		{"database as a name", host31, "The database is listening on 6379.", "The database is listening on 80."},
		{"database's figure", host31, "The database uses 0.5% of memory.", "The database uses 6.2% of memory."},
		{"browser's share", laptop, "The browser uses 12.3% CPU.", "Your browser is using 2.9% of memory."},
		{"browser's share of its column", laptop, "The browser uses 7.4% of memory.", "The browser uses 7.4% CPU."},
		{"browser with its PID", laptop, "The browser (PID 4242) uses 12.3% CPU.", "The browser (PID 2210) uses 1.0% CPU."},
	})
}

// TestKindShareWithoutPS: a share said of a descriptor is held to ps's
// rows only when ps was probed; without ps it is judged as any figure, so
// a disk share df shows stands and one it does not show is still missing.
func TestKindShareWithoutPS(t *testing.T) {
	df := "Filesystem      Size  Used Avail Use% Mounted on\n" +
		"/dev/nvme0n1p2  468G  187G  258G  42% /\n" +
		"/dev/sdb1       916G  834G   36G  96% /var/lib/postgresql\n"
	disks := EvidenceText(Input{Results: []rpc.ProbeResult{{Probe: probes.DiskUsage, Command: "df -h", Stdout: df}}})
	checkPairs(t, []pair{
		{"database's disk share with only df probed", disks,
			"/var/lib/postgresql is 96% full: the database uses 96% of its disk.",
			"/var/lib/postgresql is 96% full: the database uses 69% of its disk."},
	})
}
