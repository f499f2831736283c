package peer

import (
	"net"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/jjgarcianorway/anna-assistant/dirs"
)

func TestFromConnReadsKernelCredentials(t *testing.T) {
	sock := filepath.Join(t.TempDir(), "s")
	ln, err := net.ListenUnix("unix", &net.UnixAddr{Name: sock, Net: "unix"})
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	go func() {
		c, err := net.Dial("unix", sock)
		if err == nil {
			defer c.Close()
			b := make([]byte, 1)
			_, _ = c.Read(b)
		}
	}()
	conn, err := ln.AcceptUnix()
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	id, err := FromConn(conn, dirs.Host)
	if err != nil {
		t.Fatal(err)
	}
	if id.PID != int32(os.Getpid()) || id.UID != uint32(os.Getuid()) || id.GID != uint32(os.Getgid()) {
		t.Fatalf("got %v, want this process (pid %d uid %d)", id, os.Getpid(), os.Getuid())
	}
	groups, _ := os.Getgroups()
	for _, g := range groups {
		if !slices.Contains(id.Groups, uint32(g)) {
			t.Errorf("supplementary group %d missing from %v", g, id.Groups)
		}
	}
}

func TestGroupsFromFixture(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "proc", "42")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	status := "Name:\tbash\nUid:\t1000\t1000\t1000\t1000\nGroups:\t4 24 27 1001 \nVmRSS:\t1 kB\n"
	if err := os.WriteFile(filepath.Join(dir, "status"), []byte(status), 0o644); err != nil {
		t.Fatal(err)
	}
	got := groupsOf(dirs.At(root), 42)
	if !slices.Equal(got, []uint32{4, 24, 27, 1001}) {
		t.Fatalf("got %v", got)
	}
	if groupsOf(dirs.At(root), 43) != nil {
		t.Fatal("a vanished pid must give no groups")
	}
}

func TestPolicy(t *testing.T) {
	const anna = 990
	p := Policy{DaemonUID: 0, GroupID: anna}
	root := Identity{UID: 0, GID: 0}
	member := Identity{UID: 1000, GID: 1000, Groups: []uint32{27, anna}}
	primary := Identity{UID: 1001, GID: anna}
	stranger := Identity{UID: 1002, GID: 1002, Groups: []uint32{27}}
	cases := []struct {
		who  Identity
		a    Access
		want bool
	}{
		{root, AccessRead, true}, {root, AccessAdmin, true},
		{member, AccessRead, true}, {member, AccessOperate, true}, {member, AccessAdmin, false}, {primary, AccessAdmin, false},
		{primary, AccessOperate, true},
		{stranger, AccessRead, false}, {stranger, AccessOperate, false},
		{root, AccessUnset, false}, {member, AccessUnset, false},
	}
	for _, c := range cases {
		if got := p.Allows(c.who, c.a); got != c.want {
			t.Errorf("Allows(%v, %v) = %v, want %v", c.who, c.a, got, c.want)
		}
	}
	// Admin: root passes, members need polkit, everyone else is refused
	// before polkit is asked.
	for who, want := range map[*Identity]Verdict{&root: Allow, &member: AskPolkit, &primary: AskPolkit, &stranger: Deny} {
		if got := p.Check(*who, AccessAdmin); got != want {
			t.Errorf("Check(%v, admin) = %v, want %v", *who, got, want)
		}
	}
	// annad run by a developer trusts its own user; without a group, the
	// socket mode is the gate.
	dev := Policy{DaemonUID: 1000, GroupID: -1}
	if !dev.Allows(Identity{UID: 1000, GID: 1000}, AccessOperate) || !dev.Allows(stranger, AccessRead) || dev.Allows(stranger, AccessAdmin) {
		t.Fatal("developer policy wrong")
	}
	// Without a group nobody is a member, so no one but root reaches admin,
	// not even annad's own user.
	if got := dev.Check(Identity{UID: 1000, GID: 1000}, AccessAdmin); got != Deny {
		t.Fatalf("developer's own uid got %v for admin, want Deny", got)
	}
}
