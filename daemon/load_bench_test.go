package daemon_test

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/jjgarcianorway/anna-assistant/daemon/daemontest"
	"github.com/jjgarcianorway/anna-assistant/rpc"
	"github.com/jjgarcianorway/anna-assistant/rpc/rpctest"
)

// BenchmarkStatusConcurrent starts 32 or 1,000 clients at once, each
// calling `status` once on a fresh connection as a one-shot annactl does,
// and reports the latency (p50, p99) of the calls answered and of those
// told busy, the share told busy, and annad's resident memory (VmRSS after the round, VmHWM its
// peak). With ANNA_BENCH_SOCKET set it measures the annad serving that
// socket, found through SO_PEERCRED; otherwise an in-process daemon, whose
// RSS then includes the clients and the test binary.
func BenchmarkStatusConcurrent(b *testing.B) {
	sock := os.Getenv("ANNA_BENCH_SOCKET")
	if sock == "" {
		sock = daemontest.Start(b, daemontest.Options{}).Socket
	}
	pid := serverPID(b, sock)
	b.Logf("annad pid %d, idle: %s", pid, memory(pid))
	for _, n := range []int{32, 1000} {
		b.Run(fmt.Sprintf("clients=%d", n), func(b *testing.B) {
			var answered, busy []time.Duration
			for b.Loop() {
				a, r := statusRound(b, sock, n)
				answered, busy = append(answered, a...), append(busy, r...)
			}
			report(b, answered, "")
			report(b, busy, "busy-")
			b.ReportMetric(float64(len(busy))/float64(b.N*n), "busy-share")
			b.Logf("annad after %d rounds of %d: %s", b.N, n, memory(pid))
		})
	}
}

// report adds the p50 and p99 of lat as metrics named with prefix.
func report(b *testing.B, lat []time.Duration, prefix string) {
	if len(lat) == 0 {
		return
	}
	slices.Sort(lat)
	b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, prefix+"p50-ms")
	b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds())/1000, prefix+"p99-ms")
}

// statusRound runs n concurrent fresh-connection status calls and returns
// the latencies of those answered and of those told busy. Anything else
// fails the benchmark.
func statusRound(b *testing.B, sock string, n int) (answered, busy []time.Duration) {
	status := func(ctx context.Context, c *rpc.Client) error { _, err := c.Status(ctx); return err }
	for _, o := range rpctest.Flood(sock, n, status) {
		switch {
		case o.Err == nil:
			answered = append(answered, o.Latency)
		case rpc.KindOf(o.Err) == rpc.KindBusy:
			busy = append(busy, o.Latency)
		default:
			b.Errorf("status: %v", o.Err)
		}
	}
	return answered, busy
}

// serverPID asks the kernel who listens on sock.
func serverPID(b *testing.B, sock string) int {
	c, err := net.Dial("unix", sock)
	if err != nil {
		b.Fatal(err)
	}
	defer c.Close()
	raw, err := c.(*net.UnixConn).SyscallConn()
	if err != nil {
		b.Fatal(err)
	}
	var cred *syscall.Ucred
	_ = raw.Control(func(fd uintptr) {
		cred, err = syscall.GetsockoptUcred(int(fd), syscall.SOL_SOCKET, syscall.SO_PEERCRED)
	})
	if err != nil {
		b.Fatal(err)
	}
	return int(cred.Pid)
}

// memory reads VmRSS and VmHWM of pid.
func memory(pid int) string {
	f, err := os.Open(filepath.Join("/proc", strconv.Itoa(pid), "status"))
	if err != nil {
		return errors.Unwrap(err).Error()
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if k, v, ok := strings.Cut(sc.Text(), ":"); ok && (k == "VmRSS" || k == "VmHWM") {
			out = append(out, k+" "+strings.Join(strings.Fields(v), " "))
		}
	}
	return strings.Join(out, ", ")
}
