package server

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/jjgarcianorway/anna-assistant/daemon/peer"
	"github.com/jjgarcianorway/anna-assistant/rpc"
	"github.com/jjgarcianorway/anna-assistant/rpc/rpctest"
)

// floodReport is what a flood of clients saw.
type floodReport struct {
	OK, Busy, Other int
	Samples         []string // the first few unexpected errors
	BusyMessage     string
	BusyHint        string
}

// flood starts n clients at once, each calling status once on a fresh
// connection with the real rpc.Client.
func flood(sock string, n int) floodReport {
	var rep floodReport
	for _, o := range rpctest.Flood(sock, n, func(ctx context.Context, c *rpc.Client) error { return c.Call(ctx, "status", nil, nil) }) {
		var re *rpc.Error
		switch {
		case o.Err == nil:
			rep.OK++
		case errors.As(o.Err, &re) && re.Kind() == rpc.KindBusy:
			rep.Busy++
			rep.BusyMessage, rep.BusyHint = re.Message, re.Hint()
		default:
			rep.Other++
			if len(rep.Samples) < 5 {
				rep.Samples = append(rep.Samples, fmt.Sprintf("%s: %v", rpc.KindOf(o.Err), o.Err))
			}
		}
	}
	return rep
}

// floodChild runs a flood as the child's uid and prints its report.
func floodChild(sock string) int {
	n, _ := strconv.Atoi(os.Getenv("ANNA_TEST_FLOOD_N"))
	_ = json.NewEncoder(os.Stdout).Encode(flood(sock, n))
	return 0
}

// holdChild plays a hostile member: it opens connections, each proven by a
// request, until annad says busy, prints how many it holds and the refusal,
// keeps them open with blank lines, and exits when stdin closes.
func holdChild(sock string) int {
	var held []net.Conn
	for {
		c, err := net.Dial("unix", sock)
		if err != nil {
			fmt.Println("dial:", err)
			return 1
		}
		_, _ = c.Write([]byte(`{"jsonrpc":"2.0","id":1,"method":"status"}` + "\n"))
		line, err := bufio.NewReader(c).ReadString('\n')
		var resp rpc.Response
		if err != nil || json.Unmarshal([]byte(line), &resp) != nil {
			fmt.Printf("read: %q %v\n", line, err)
			return 1
		}
		if resp.Error != nil {
			fmt.Printf("held %d\n%s", len(held), line)
			break
		}
		held = append(held, c)
	}
	stop := make(chan struct{})
	go func() { _, _ = io.Copy(io.Discard, os.Stdin); close(stop) }()
	for {
		select {
		case <-stop:
			return 0
		case <-time.After(10 * time.Millisecond):
			for _, c := range held {
				_, _ = c.Write([]byte("\n"))
			}
		}
	}
}

// As root, child processes run as other uids: a member holding its whole
// per-uid share with blank lines, and four more flooding with 250 clients
// each. Every client is answered or told busy, nobody sees a reset, and
// root, calling all along, is always served. Without root the 1,000 clients
// run in process (as annad's own uid).
func TestThousandClientsAnsweredOrBusy(t *testing.T) {
	const clients = 1000
	ts := startServer(t, func(o *Options) {
		o.Methods["status"] = Method{Access: peer.AccessRead, Handle: func(context.Context, json.RawMessage) (any, error) {
			return map[string]string{"version": "test"}, nil
		}}
	})
	if os.Geteuid() != 0 {
		rep := flood(ts.path, clients)
		checkFlood(t, rep, clients)
		return
	}
	exe := worldExecutable(t)
	for dir := filepath.Dir(ts.path); dir != os.TempDir(); dir = filepath.Dir(dir) {
		if err := os.Chmod(dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Chmod(ts.path, 0o666); err != nil {
		t.Fatal(err)
	}
	child := func(uid uint32, env ...string) *exec.Cmd {
		cmd := exec.Command(exe)
		cmd.Env = append(os.Environ(), env...)
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: uid, Gid: uid, Groups: []uint32{}}}
		return cmd
	}

	hold := child(60000, "ANNA_TEST_HOLD="+ts.path)
	stdin, _ := hold.StdinPipe()
	out, _ := hold.StdoutPipe()
	if err := hold.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { stdin.Close(); _ = hold.Wait() }()
	r := bufio.NewReader(out)
	first, _ := r.ReadString('\n')
	refusal, _ := r.ReadString('\n')
	if first != "held 16\n" || !strings.Contains(refusal, "uid 60000 already has 16 connections") {
		t.Fatalf("the holder got %q then %q, want 16 connections then a per-uid refusal", first, refusal)
	}

	var floods []*exec.Cmd
	outs := make([]*strings.Builder, 4)
	for i := range outs {
		outs[i] = &strings.Builder{}
		cmd := child(uint32(60001+i), "ANNA_TEST_FLOOD="+ts.path, "ANNA_TEST_FLOOD_N="+strconv.Itoa(clients/4))
		cmd.Stdout = outs[i]
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		floods = append(floods, cmd)
	}
	done := make(chan struct{})
	go func() {
		for _, cmd := range floods {
			_ = cmd.Wait()
		}
		close(done)
	}()
	served := 0
	for running := true; running; {
		select {
		case <-done:
			running = false
		default:
		}
		c := rpc.NewClient(ts.path)
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		err := c.Call(ctx, "status", nil, nil)
		cancel()
		c.Close()
		if err != nil {
			t.Fatalf("root was not served during the flood: %v", err)
		}
		served++
	}
	var total floodReport
	for i, o := range outs {
		var rep floodReport
		if err := json.Unmarshal([]byte(o.String()), &rep); err != nil {
			t.Fatalf("flood %d printed %q", i, o.String())
		}
		total.OK, total.Busy, total.Other = total.OK+rep.OK, total.Busy+rep.Busy, total.Other+rep.Other
		total.Samples = append(total.Samples, rep.Samples...)
		if rep.BusyMessage != "" {
			total.BusyMessage, total.BusyHint = rep.BusyMessage, rep.BusyHint
		}
	}
	checkFlood(t, total, clients)
	t.Logf("members: %d answered, %d told busy; root served %d times during the flood", total.OK, total.Busy, served)
}

func checkFlood(t *testing.T, rep floodReport, clients int) {
	t.Helper()
	if rep.Other != 0 || rep.OK+rep.Busy != clients {
		t.Fatalf("%d answered, %d busy, %d other (want 0 other, %d in all): %q", rep.OK, rep.Busy, rep.Other, clients, rep.Samples)
	}
	if rep.OK == 0 {
		t.Fatal("nobody was answered")
	}
	if rep.Busy > 0 && (!strings.HasPrefix(rep.BusyMessage, "cannot accept the connection") || rep.BusyHint == "") {
		t.Fatalf("busy without a clear message: %q / %q", rep.BusyMessage, rep.BusyHint)
	}
}
