package brain

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/jjgarcianorway/anna-assistant/dirs"
	"github.com/jjgarcianorway/anna-assistant/probes"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// hostResults runs the real procfs probes over the probes package's
// fixture host, so the composer reads exactly what the probes produce.
func hostResults(t testing.TB, ids ...string) []rpc.ProbeResult {
	t.Helper()
	root, err := filepath.Abs("../../probes/testdata/host")
	if err != nil {
		t.Fatal(err)
	}
	r := probes.NewRunner(&probes.Env{Layout: dirs.At(root)})
	return r.RunMany(context.Background(), ids, nil)
}

// fixtureHardware is a desktop with a dedicated and an integrated GPU.
var fixtureHardware = rpc.Hardware{
	CPUModel: "AMD Ryzen 7 5800X 8-Core Processor", Cores: 8, Threads: 16,
	RAMTotalBytes: 16000000 * 1024, RAMAvailableBytes: 9000000 * 1024,
	GPUs: []rpc.GPU{
		{Vendor: "nvidia", Model: "NVIDIA GeForce RTX 3060", VRAMBytes: 12 << 30, Source: "nvidia-smi"},
		{Vendor: "amd", Model: "AMD Radeon Graphics", Integrated: true, Source: "sysfs: carve-out"},
	},
}

// result wraps typed rows and their rendering as a successful probe run.
func result(id, command, stdout string, data any) rpc.ProbeResult {
	return rpc.ProbeResult{Probe: id, Command: command, Stdout: stdout, Source: "fixture", Data: data}
}

// diskResult is df -h on a laptop: devtmpfs, tmpfs, root, EFI, a squashfs
// snap and /home on a second disk.
var diskResult = result(probes.DiskUsage, "df -h", `Filesystem      Size  Used Avail Use% Mounted on
udev            7.7G     0  7.7G   0% /dev
tmpfs           1.6G  2.1M  1.6G   1% /run
/dev/nvme0n1p2  468G  398G   47G  90% /
/dev/nvme0n1p1  511M  6.1M  505M   2% /boot/efi
/dev/loop3       56M   56M     0 100% /snap/core18/2829
/dev/sda1       916G  512G  358G  59% /home
`, []probes.Filesystem{
	{Source: "udev", FSType: "devtmpfs", MountPoint: "/dev", SizeBytes: 8232054784, AvailBytes: 8232054784, UsePercent: 0},
	{Source: "tmpfs", FSType: "tmpfs", MountPoint: "/run", SizeBytes: 1650507776, UsedBytes: 2170880, AvailBytes: 1648336896, UsePercent: 1},
	{Source: "/dev/nvme0n1p2", FSType: "ext4", MountPoint: "/", SizeBytes: 502468108288, UsedBytes: 427011457024, AvailBytes: 49914556416, UsePercent: 90},
	{Source: "/dev/nvme0n1p1", FSType: "vfat", MountPoint: "/boot/efi", SizeBytes: 535805952, UsedBytes: 6334464, AvailBytes: 529471488, UsePercent: 2},
	{Source: "/dev/loop3", FSType: "squashfs", MountPoint: "/snap/core18/2829", SizeBytes: 58589184, UsedBytes: 58589184, UsePercent: 100},
	{Source: "/dev/sda1", FSType: "ext4", MountPoint: "/home", SizeBytes: 983349346304, UsedBytes: 549755813888, AvailBytes: 384399343616, UsePercent: 59},
})

// addrResult is ip addr on a laptop with wired and wireless links.
var addrResult = result(probes.NetworkAddrs, "ip addr show", `1: lo: <LOOPBACK,UP,LOWER_UP> mtu 65536 state UNKNOWN
    link/loopback 00:00:00:00:00:00
    inet 127.0.0.1/8 scope host lo
       valid_lft forever preferred_lft forever
2: enp3s0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1500 state UP
    link/ether 3c:52:82:11:22:33
    inet 192.168.1.23/24 brd 192.168.1.255 scope global dynamic enp3s0
       valid_lft 86000sec preferred_lft 86000sec
    inet6 2a02:8108:1140:2e00::23/64 scope global dynamic
       valid_lft 3500sec preferred_lft 3500sec
    inet6 fe80::3e52:82ff:fe11:2233/64 scope link
       valid_lft forever preferred_lft forever
3: wlp2s0: <NO-CARRIER,BROADCAST,MULTICAST,UP> mtu 1500 state DOWN
    link/ether 3c:52:82:44:55:66
`, []probes.NetInterface{
	{Index: 1, Name: "lo", Flags: []string{"LOOPBACK", "UP", "LOWER_UP"}, MTU: 65536, State: "UNKNOWN", LinkType: "loopback",
		Addrs: []probes.NetAddr{{Family: "inet", Address: "127.0.0.1", PrefixLen: 8, Scope: "host"}}},
	{Index: 2, Name: "enp3s0", Flags: []string{"BROADCAST", "MULTICAST", "UP", "LOWER_UP"}, MTU: 1500, State: "UP", LinkType: "ether",
		Addrs: []probes.NetAddr{
			{Family: "inet", Address: "192.168.1.23", PrefixLen: 24, Broadcast: "192.168.1.255", Scope: "global"},
			{Family: "inet6", Address: "2a02:8108:1140:2e00::23", PrefixLen: 64, Scope: "global"},
			{Family: "inet6", Address: "fe80::3e52:82ff:fe11:2233", PrefixLen: 64, Scope: "link"},
		}},
	{Index: 3, Name: "wlp2s0", Flags: []string{"NO-CARRIER", "BROADCAST", "MULTICAST", "UP"}, MTU: 1500, State: "DOWN", LinkType: "ether", Addrs: []probes.NetAddr{}},
})

// routeResult is ip route with a DHCP default route and an IPv6 one.
var routeResult = result(probes.NetworkRoutes, "ip route", `default via 192.168.1.1 dev enp3s0 proto dhcp src 192.168.1.23 metric 100
192.168.1.0/24 dev enp3s0 proto kernel scope link src 192.168.1.23 metric 100
# ip -6 route
default via fe80::1 dev enp3s0 proto ra metric 100
`, []probes.Route{
	{Family: "inet", Dst: "default", Default: true, Gateway: "192.168.1.1", Dev: "enp3s0", Protocol: "dhcp", Scope: "global", Src: "192.168.1.23", Metric: 100},
	{Family: "inet", Dst: "192.168.1.0/24", Dev: "enp3s0", Protocol: "kernel", Scope: "link", Src: "192.168.1.23", Metric: 100},
	{Family: "inet6", Dst: "default", Default: true, Gateway: "fe80::1", Dev: "enp3s0", Protocol: "ra", Scope: "global", Metric: 100},
})

// portResult is ss -tulpn on a small server.
var portResult = result(probes.ListeningPorts, "ss -tulpn", `Netid State  Recv-Q Send-Q Local Address:Port  Peer Address:Port Process
udp   UNCONN 0      0            0.0.0.0:5353       0.0.0.0:*     users:(("avahi-daemon",pid=640,fd=12))
tcp   LISTEN 0      128          0.0.0.0:22         0.0.0.0:*     users:(("sshd",pid=812,fd=3))
tcp   LISTEN 0      511          0.0.0.0:80         0.0.0.0:*     users:(("nginx",pid=930,fd=6),("nginx",pid=931,fd=6))
tcp   LISTEN 0      4096       127.0.0.1:631        0.0.0.0:*     users:(("cupsd",pid=700,fd=7))
tcp   LISTEN 0      128             [::]:22            [::]:*     users:(("sshd",pid=812,fd=4))
`, []probes.ListeningSocket{
	{Netid: "udp", State: "UNCONN", Family: "inet", LocalAddr: "0.0.0.0", LocalPort: 5353, Processes: []probes.SocketProcess{{Name: "avahi-daemon", PID: 640, FD: 12}}},
	{Netid: "tcp", State: "LISTEN", SendQ: 128, Family: "inet", LocalAddr: "0.0.0.0", LocalPort: 22, Processes: []probes.SocketProcess{{Name: "sshd", PID: 812, FD: 3}}},
	{Netid: "tcp", State: "LISTEN", SendQ: 511, Family: "inet", LocalAddr: "0.0.0.0", LocalPort: 80, Processes: []probes.SocketProcess{{Name: "nginx", PID: 930, FD: 6}, {Name: "nginx", PID: 931, FD: 6}}},
	{Netid: "tcp", State: "LISTEN", SendQ: 4096, Family: "inet", LocalAddr: "127.0.0.1", LocalPort: 631, Processes: []probes.SocketProcess{{Name: "cupsd", PID: 700, FD: 7}}},
	{Netid: "tcp", State: "LISTEN", SendQ: 128, Family: "inet6", LocalAddr: "::", LocalPort: 22, Processes: []probes.SocketProcess{{Name: "sshd", PID: 812, FD: 4}}},
})

// failedResult is systemctl --failed with two units.
var failedResult = result(probes.FailedServices, "systemctl --failed", `  UNIT           LOAD   ACTIVE SUB    DESCRIPTION
● backup.service loaded failed failed Nightly backup
● nfs-mount.mount loaded failed failed /mnt/nas

2 loaded units listed.
`, []probes.FailedUnit{
	{Unit: "backup.service", Load: "loaded", Active: "failed", Sub: "failed", Description: "Nightly backup"},
	{Unit: "nfs-mount.mount", Load: "loaded", Active: "failed", Sub: "failed", Description: "/mnt/nas"},
})
