package probes

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

const lsblkFixture = `NAME        MAJ:MIN RM   SIZE RO TYPE MOUNTPOINTS
loop1         7:1    0    64M  1 loop
sda           8:0    0 238.5G  0 disk
├─sda1        8:1    0   512M  0 part /boot
├─sda2        8:2    0 233.7G  0 part
│ └─vg-root 253:0    0 233.2G  0 lvm  /home
│                                     /
└─sda3        8:3    0     4G  0 part [SWAP]
sdb           8:16   1  29.8G  0 disk
└─sdb1        8:17   1  29.8G  0 part /media/my disk
sr0          11:0    1     1G  0 rom
`

func TestBlockDevicesFixture(t *testing.T) {
	out, err := blockDevices(context.Background(), hostFixture(t))
	if err != nil {
		t.Fatal(err)
	}
	if out.Stdout != lsblkFixture {
		t.Errorf("got:\n%s\nwant:\n%s", out.Stdout, lsblkFixture)
	}
	roots := out.Data.([]BlockDevice)
	var names []string
	for _, d := range roots {
		names = append(names, d.Name)
	}
	// Hidden (nvme0n1), RAM disks (ram0), empty loops (loop0) and stacked
	// devices (dm-0, under sda2) are not top-level rows.
	if want := []string{"loop1", "sda", "sdb", "sr0"}; !slices.Equal(names, want) {
		t.Fatalf("roots %q, want %q", names, want)
	}
	sda := roots[1]
	if sda.Model != "Samsung SSD 860" || sda.SizeBytes != 500118192*512 || sda.Removable || sda.Type != "disk" || len(sda.Children) != 3 {
		t.Errorf("sda %+v", sda)
	}
	lv := sda.Children[1].Children[0]
	if lv.Name != "vg-root" || lv.KName != "dm-0" || lv.MajMin != "253:0" || lv.Type != "lvm" ||
		!slices.Equal(lv.MountPoints, []string{"/home", "/"}) {
		t.Errorf("logical volume %+v", lv)
	}
	if sdb1 := roots[2].Children[0]; !sdb1.Removable || sdb1.Type != "part" {
		t.Errorf("a partition inherits removable from its disk: %+v", sdb1)
	}
	if sr0 := roots[3]; sr0.Type != "rom" || !sr0.Removable || sr0.Model != "DVD-RW" {
		t.Errorf("sr0 %+v", sr0)
	}
}

func TestBlockDevicesWithoutMountinfo(t *testing.T) {
	env := hostFixtureCopy(t)
	if err := os.Remove(env.Layout.Mountinfo()); err != nil {
		t.Fatal(err)
	}
	out, err := blockDevices(context.Background(), env)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.Stdout, "lsblk: mount points unknown: cannot read ") || strings.Contains(out.Stdout, "/boot") {
		t.Errorf("stdout:\n%s", out.Stdout)
	}
	if err := os.RemoveAll(filepath.Join(env.Layout.Sys(), "block")); err != nil {
		t.Fatal(err)
	}
	if _, err := blockDevices(context.Background(), env); err == nil || !strings.HasPrefix(err.Error(), "cannot read ") {
		t.Errorf("without /sys/block: err = %v", err)
	}
}

func TestMountinfoEscapes(t *testing.T) {
	path := filepath.Join(t.TempDir(), "mountinfo")
	line := `40 22 0:50 / /mnt/a\040b\134c rw shared:1 - fuse.sshfs me@host:/x\040y rw` + "\n"
	if err := os.WriteFile(path, []byte(line+"garbage\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, _, err := readMounts(path); err == nil || !strings.Contains(err.Error(), "line 2") {
		t.Errorf("garbage accepted: %v", err)
	}
	if err := os.WriteFile(path, []byte(line), 0o644); err != nil {
		t.Fatal(err)
	}
	ms, note, err := readMounts(path)
	if err != nil || len(ms) != 1 || note != "" {
		t.Fatal(ms, err)
	}
	if want := (mount{dev: "0:50", root: "/", point: `/mnt/a b\c`, path: `/mnt/a b\c`, fstype: "fuse.sshfs", source: "me@host:/x y"}); ms[0] != want {
		t.Errorf("got %+v, want %+v", ms[0], want)
	}
}
