package peer

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jjgarcianorway/anna-assistant/dirs"
)

// A stat line as the kernel writes it, with a hostile command name: spaces
// and ')' inside the parentheses must not shift the fields.
const hostileStat = "4242 (x) 1 2 3 (evil) name) S 1 4242 4242 0 -1 4194560 100 0 0 0 1 2 0 0 20 0 1 0 987654 12345678 300 18446744073709551615 1 1 0 0 0 0 0 0 0 0 0 0 17 1 0 0 0 0 0\n"

func TestStartTimeSurvivesHostileNames(t *testing.T) {
	got, err := parseStartTime([]byte(hostileStat))
	if err != nil || got != 987654 {
		t.Fatalf("parseStartTime = %d, %v; want 987654", got, err)
	}
	for _, bad := range []string{"", "4242 no parens 1 2 3", "4242 (x) S 1 2", "4242 (x) " + strings.Repeat("0 ", 25)} {
		if got, err := parseStartTime([]byte(bad)); err == nil {
			t.Errorf("parseStartTime(%q) = %d, want an error", bad, got)
		}
	}
}

func TestStartTimeOfThisProcess(t *testing.T) {
	got, err := StartTime(dirs.Host, int32(os.Getpid()))
	if err != nil || got == 0 {
		t.Fatalf("StartTime(self) = %d, %v", got, err)
	}
	// The same process's start time never changes.
	again, _ := StartTime(dirs.Host, int32(os.Getpid()))
	if again != got {
		t.Fatalf("start time changed from %d to %d", got, again)
	}
	if _, err := StartTime(dirs.Host, 0); err == nil {
		t.Fatal("pid 0 must be refused")
	}
}

func TestStartTimeFromFixtureWithGroups(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "proc", "4242")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "stat"), []byte(hostileStat), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "status"), []byte("Groups:\t990\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	id := Identity{PID: 4242, UID: 1000}.WithGroups(dirs.At(root))
	if id.StartTime != 987654 || !id.InGroup(990) {
		t.Fatalf("got %+v, want start time 987654 and group 990", id)
	}
	gone := Identity{PID: 4343, UID: 1000}.WithGroups(dirs.At(root))
	if gone.StartTime != 0 || gone.Groups != nil {
		t.Fatalf("a vanished pid must give no start time and no groups: %+v", gone)
	}
}
