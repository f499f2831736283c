package supervisor

import (
	"testing"

	"github.com/jjgarcianorway/anna-assistant/daemon/sources"
	"github.com/jjgarcianorway/anna-assistant/probes"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// TestMountedFrom: a mount point said of a cited kernel line that names
// its device (mountdevices.go) stands on it; another mount point, whose
// device the line does not name, is still not on the cited lines.
func TestMountedFrom(t *testing.T) {
	in := Input{
		Ticket: rpc.Ticket{Intent: rpc.IntentQuestion, Domain: rpc.DomainSystem, Confidence: 0.9, Source: "llm"},
		Results: []rpc.ProbeResult{
			{Probe: probes.DiskUsage, Command: "df -h", Stdout: "Filesystem      Size  Used Avail Use% Mounted on\n" +
				"/dev/vda1        40G   12G   26G  32% /\n" +
				"/dev/sdb1       916G  402G  468G  47% /srv/data\n" +
				"/dev/sdc1       916G  102G  768G  12% /srv/backup\n"},
			{Probe: probes.SystemLogs, Command: "journalctl -p warning..alert -n 200 --no-pager", Stdout: "Nov 24 19:59:19 nas01 kernel: EXT4-fs error (device sdb1): ext4_find_entry:1587: inode #2: comm updatedb: reading directory lblock 0\n"},
		},
	}
	in.Sources = sources.Number(in.Results)
	for _, p := range [][2]string{{"The kernel logged an EXT4-fs error for device sdb1 at 19:59:19 [5], so the problem is on /srv/data.", "The kernel logged an EXT4-fs error for device sdb1 at 19:59:19 [5], so the problem is on /srv/backup."}} {
		in.Answer = p[0]
		if r := Judge(in); !r.Signals.AnswerGrounded {
			t.Errorf("true %q: not grounded: %+v", p[0], r.Grounding)
		}
		in.Answer = p[1]
		if r := Judge(in); r.Signals.AnswerGrounded {
			t.Errorf("false %q: grounded: %+v", p[1], r.Grounding)
		}
	}
	judgeCitedPairs(t, "host58", [][2]string{
		{"The same loop0 directory warnings appeared again at 07:09:21 [155, 156], so the problem on /srv/mirror has not gone away.",
			"The same loop0 directory warnings appeared again at 07:09:21 [155, 156], so the problem on /srv/minio has not gone away."},
	})
}
