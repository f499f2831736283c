package probes

import (
	"context"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// fakeVolumes answers stat for the fixture's mount points, which do not
// exist on the test machine, and records what was asked.
type fakeVolumes struct {
	root  string
	vols  map[string]volume
	errs  map[string]error
	block map[string]chan struct{}

	mu    sync.Mutex
	calls []string
}

func (f *fakeVolumes) stat(path string) (volume, error) {
	rel := strings.TrimPrefix(path, f.root)
	if rel == "" {
		rel = "/" // the layout resolves "/" to the root itself
	}
	f.mu.Lock()
	f.calls = append(f.calls, rel)
	f.mu.Unlock()
	if ch := f.block[rel]; ch != nil {
		<-ch
	}
	if err := f.errs[rel]; err != nil {
		return volume{}, err
	}
	v, ok := f.vols[rel]
	if !ok {
		return volume{}, unix.ENOENT
	}
	return v, nil
}

func (f *fakeVolumes) asked() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.calls)
}

func fakeVolume(dev uint64, frsize int64, blocks, bfree, bavail uint64) volume {
	return volume{dev: dev, fs: unix.Statfs_t{Frsize: frsize, Bsize: frsize, Blocks: blocks, Bfree: bfree, Bavail: bavail}}
}

func fixtureVolumes(env *Env) *fakeVolumes {
	return &fakeVolumes{
		root: env.Layout.Root,
		vols: map[string]volume{
			"/":              fakeVolume(1, 4096, 25000000, 10000000, 8750000),
			"/dev":           fakeVolume(2, 4096, 2000000, 2000000, 2000000),
			"/run":           fakeVolume(3, 4096, 200000, 199000, 199000),
			"/sys/fs/cgroup": fakeVolume(7, 4096, 0, 0, 0),
			"/boot":          fakeVolume(4, 512, 1046528, 900000, 900000),
			"/home":          fakeVolume(1, 4096, 25000000, 10000000, 8750000), // a bind mount of /home on /
			"/mnt/nfs":       fakeVolume(5, 1<<20, 1000000, 500000, 500000),
			"/media/my disk": fakeVolume(6, 32768, 976480, 976480, 976480),
		},
		errs:  map[string]error{},
		block: map[string]chan struct{}{},
	}
}

const dfFixture = `Filesystem           Size  Used Avail Use% Mounted on
/dev/mapper/vg-root   96G   58G   34G  64% /
udev                 7.7G     0  7.7G   0% /dev
tmpfs                782M  4.0M  778M   1% /run
/dev/sda1            511M   72M  440M  15% /boot
server:/export       977G  489G  489G  50% /mnt/nfs
/dev/sdb1             30G     0   30G   0% /media/my disk
`

func TestDiskUsageFixture(t *testing.T) {
	env := hostFixture(t)
	f := fixtureVolumes(env)
	out, err := diskUsage(f.stat, time.Minute)(context.Background(), env)
	if err != nil {
		t.Fatal(err)
	}
	if out.Stdout != dfFixture {
		t.Errorf("got:\n%s\nwant:\n%s", out.Stdout, dfFixture)
	}
	rows := out.Data.([]Filesystem)
	if want := (Filesystem{Source: "/dev/mapper/vg-root", FSType: "ext4", MountPoint: "/", SizeBytes: 25000000 * 4096,
		UsedBytes: 15000000 * 4096, AvailBytes: 8750000 * 4096, UsePercent: 64}); rows[0] != want {
		t.Errorf("root row %+v, want %+v", rows[0], want)
	}
	// Dummy filesystems are never stated; an overmounted point once.
	asked := f.asked()
	slices.Sort(asked)
	want := []string{"/", "/boot", "/dev", "/home", "/media/my disk", "/mnt/nfs", "/run", "/sys/fs/cgroup"}
	if !slices.Equal(asked, want) {
		t.Errorf("stated %q, want %q", asked, want)
	}
}

func TestDiskUsageSkipsLikeDF(t *testing.T) {
	env := hostFixture(t)
	f := fixtureVolumes(env)
	f.errs["/boot"] = unix.EACCES                   // df is silent about these
	delete(f.vols, "/media/my disk")                // gone: ENOENT, also silent
	f.errs["/mnt/nfs"] = unix.EIO                   // but not about these
	f.vols["/home"] = fakeVolume(9, 4096, 10, 5, 5) // no longer a bind mount of /
	out, err := diskUsage(f.stat, time.Minute)(context.Background(), env)
	if err != nil {
		t.Fatal(err)
	}
	var points []string
	for _, r := range out.Data.([]Filesystem) {
		points = append(points, r.MountPoint)
	}
	if want := []string{"/", "/dev", "/run", "/home", "/mnt/nfs"}; !slices.Equal(points, want) {
		t.Errorf("rows for %q, want %q", points, want)
	}
	if !strings.HasSuffix(out.Stdout, "\ndf: /mnt/nfs: cannot statfs: input/output error\n") {
		t.Errorf("stdout:\n%s", out.Stdout)
	}
}

func TestDiskUsageHungMount(t *testing.T) {
	env := hostFixtureCopy(t) // its own root: a stuck stat stays pending after the test
	f := fixtureVolumes(env)
	release := make(chan struct{})
	f.block["/mnt/nfs"] = release
	t.Cleanup(func() { close(release) })
	probe := diskUsage(f.stat, 30*time.Millisecond)

	out, err := probe(context.Background(), env)
	if err != nil {
		t.Fatal(err)
	}
	rows := out.Data.([]Filesystem)
	nfs := rows[slices.IndexFunc(rows, func(r Filesystem) bool { return r.MountPoint == "/mnt/nfs" })]
	if nfs.Error != "statfs did not answer within 30ms (a hung network mount?)" || nfs.SizeBytes != 0 || nfs.UsePercent != -1 {
		t.Errorf("hung row %+v", nfs)
	}
	if len(rows) != 6 || !strings.Contains(out.Stdout, "/dev/sdb1             30G     0   30G   0% /media/my disk\n") ||
		!strings.HasSuffix(out.Stdout, "df: /mnt/nfs: statfs did not answer within 30ms (a hung network mount?)\n") {
		t.Errorf("the other mounts must still be listed:\n%s", out.Stdout)
	}

	// The next run does not pile another stuck stat onto the same mount.
	out, err = probe(context.Background(), env)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(out.Stdout, "df: /mnt/nfs: cannot statfs: an earlier statfs of it has not answered yet\n") {
		t.Errorf("second run:\n%s", out.Stdout)
	}
	n := 0
	for _, p := range f.asked() {
		if p == "/mnt/nfs" {
			n++
		}
	}
	if n != 1 {
		t.Errorf("the hung mount was stated %d times, want 1", n)
	}
}

func TestDiskUsageHonorsContext(t *testing.T) {
	env := hostFixtureCopy(t) // its own root: a stuck stat stays pending after the test
	f := fixtureVolumes(env)
	release := make(chan struct{})
	f.block["/"] = release
	t.Cleanup(func() { close(release) })
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := diskUsage(f.stat, time.Minute)(ctx, env); err == nil {
		t.Error("a canceled run returned rows")
	}
}
