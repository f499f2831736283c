package daemontest

import (
	"context"
	"strings"
	"testing"

	"github.com/jjgarcianorway/anna-assistant/probes"
)

// The daemon's fixture journal is real journal files, read by system_logs
// as annad reads the host's: both warnings, with their fields.
func TestFixtureJournal(t *testing.T) {
	res, err := probes.NewRunner(&probes.Env{Journal: FixtureJournal(t)}).Run(context.Background(), probes.SystemLogs)
	if err != nil || !res.OK() {
		t.Fatalf("system_logs: %+v, %v", res, err)
	}
	log := res.Data.(probes.SystemLog)
	if len(log.Entries) != 2 {
		t.Fatalf("entries %+v", log.Entries)
	}
	usb, backup := log.Entries[0], log.Entries[1]
	if usb.Identifier != "kernel" || usb.Level != "warning" || usb.Host != "laptop" || usb.Message != "usb 1-2: device descriptor read/64, error -71" {
		t.Errorf("first entry %+v", usb)
	}
	if backup.Identifier != "backup.sh" || backup.PID != 4242 || backup.Unit != "backup.service" || backup.Level != "err" ||
		backup.Message != "rsync failed: No space left on device" || backup.Time.UnixMicro() != 1763816285000000 {
		t.Errorf("second entry %+v", backup)
	}
	if !strings.Contains(res.Stdout, "laptop backup.sh[4242]: rsync failed: No space left on device\n") {
		t.Errorf("stdout %q", res.Stdout)
	}
}
