package progress

import (
	"fmt"
	"testing"

	"github.com/jjgarcianorway/anna-assistant/daemon/peer"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

var (
	alice = peer.Identity{UID: 1000}
	bob   = peer.Identity{UID: 1001}
	root  = peer.Identity{UID: 0}
)

func TestPollingWithCursor(t *testing.T) {
	s := NewStore()
	r, err := s.Begin("r1", alice.UID, true)
	if err != nil {
		t.Fatal(err)
	}
	r.Stage(rpc.EventStarting, "translator", "", "")
	r.Stage(rpc.EventProbeRunning, "dispatcher", "top_memory", "")
	p, err := s.Get("r1", 0, alice)
	if err != nil || len(p.Events) != 2 || p.Done || p.Next != 2 {
		t.Fatalf("first poll: %+v %v", p, err)
	}
	r.Token("Fire")
	r.Token("fox")
	r.Stage(rpc.EventComplete, "specialist", "", "")
	r.Done()
	r.Token("late")
	p, _ = s.Get("r1", p.Next, alice)
	if len(p.Events) != 3 || !p.Done || p.Events[0].Text != "Fire" || p.Events[0].Seq != 3 || p.Next != 5 {
		t.Fatalf("second poll: %+v", p)
	}
	if p, _ = s.Get("", 0, alice); p.RequestID != "r1" {
		t.Fatalf("latest for alice: %+v", p)
	}
}

func TestDebugModeOffKeepsOnlyTokensAndFailures(t *testing.T) {
	s := NewStore()
	r, _ := s.Begin("r", alice.UID, false)
	r.Stage(rpc.EventStarting, "translator", "", "")
	r.Fail(rpc.EventTimeout, "translator", "timeout at translator")
	r.Token("hi")
	r.Queued("specialist", 2, "queued, position 2")
	p, _ := s.Get("r", 0, alice)
	if len(p.Events) != 3 || p.Events[0].Kind != rpc.EventTimeout || p.Events[1].Kind != rpc.EventToken ||
		p.Events[2].Kind != rpc.EventQueued || p.Events[2].Position != 2 {
		t.Fatalf("got %+v", p.Events)
	}
}

func TestOnlyOwnerOrRootReads(t *testing.T) {
	s := NewStore()
	if _, err := s.Begin("secret", alice.UID, true); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Get("secret", 0, bob); rpc.KindOf(err) != rpc.KindNotFound {
		t.Fatalf("bob read alice's request: %v", err)
	}
	if _, err := s.Get("", 0, bob); rpc.KindOf(err) != rpc.KindNotFound {
		t.Fatalf("bob's latest: %v", err)
	}
	if _, err := s.Get("secret", 0, root); err != nil {
		t.Fatalf("root: %v", err)
	}
	if _, err := s.Begin("secret", alice.UID, true); rpc.KindOf(err) != rpc.KindInvalidParams {
		t.Fatalf("reusing an id: %v", err)
	}
}

// Request ids are per user: another user's id is neither refused (which
// would reveal it) nor readable.
func TestRequestIDsArePerUser(t *testing.T) {
	s := NewStore()
	ra, _ := s.Begin("same", alice.UID, true)
	ra.Fail(rpc.EventError, "translator", "alice's")
	rb, err := s.Begin("same", bob.UID, true)
	if err != nil {
		t.Fatalf("bob's id collides with alice's: %v", err)
	}
	rb.Fail(rpc.EventError, "translator", "bob's")
	for _, c := range []struct {
		who  peer.Identity
		want string
	}{{alice, "alice's"}, {bob, "bob's"}} {
		who, want := c.who, c.want
		p, err := s.Get("same", 0, who)
		if err != nil || len(p.Events) != 1 || p.Events[0].Message != want {
			t.Fatalf("uid %d read %+v %v, want %s", who.UID, p, err, want)
		}
	}
	rb.Done()
	s.Reset(bob.UID, false)
	if _, err := s.Get("same", 0, alice); err != nil {
		t.Fatal("bob's reset touched alice's request")
	}
	ra.Done()
	s.Reset(root.UID, true)
	if len(s.byKey) != 0 {
		t.Fatalf("root's reset kept %d", len(s.byKey))
	}
}

func TestBounded(t *testing.T) {
	s := NewStore()
	running, _ := s.Begin("running", alice.UID, true)
	done, _ := s.Begin("done", alice.UID, true)
	done.Done()
	for i := range Keep + 10 {
		r, _ := s.Begin(fmt.Sprint(i), bob.UID, true)
		r.Done()
	}
	if len(s.byKey) > Keep+2 {
		t.Fatalf("store holds %d requests", len(s.byKey))
	}
	if _, err := s.Get("done", 0, alice); err != nil {
		t.Fatal("bob's requests pushed out alice's")
	}
	for i := range KeepTotal + 10 {
		r, _ := s.Begin("x", uint32(2000+i), true)
		r.Done()
	}
	if len(s.byKey) > KeepTotal+1 {
		t.Fatalf("store holds %d requests across users", len(s.byKey))
	}
	if _, err := s.Get("running", 0, alice); err != nil {
		t.Fatal("a running request was evicted")
	}
	if _, err := s.Get("0", 0, bob); err == nil {
		t.Fatal("oldest finished request should be gone")
	}
	for range MaxEvents + 10 {
		running.Token("x")
	}
	running.Fail(rpc.EventError, "specialist", "boom")
	p, _ := s.Get("running", 0, alice)
	if len(p.Events) != MaxEvents+1 || p.Events[len(p.Events)-1].Kind != rpc.EventError {
		t.Fatalf("%d events, last %+v", len(p.Events), p.Events[len(p.Events)-1])
	}
	s.Reset(root.UID, true)
	if _, err := s.Get("running", 0, alice); err != nil {
		t.Fatal("Reset dropped a running request")
	}
	if len(s.byKey) != 1 {
		t.Fatalf("Reset kept %d", len(s.byKey))
	}
	var nilRec *Recorder
	nilRec.Token("x")
	nilRec.Stage(rpc.EventStarting, "", "", "")
	nilRec.Done()
}
