package supervisor

import (
	"fmt"
	"testing"

	"github.com/jjgarcianorway/anna-assistant/daemon/sources"
)

// TestListHeadPorts checks the items of a cited list of ports past its
// third: each is still a port of its heading's list, on its own ss line,
// with a wrong port or a wrong owner still caught (host47's ss table).
func TestListHeadPorts(t *testing.T) {
	in := scenario(t, "host47")
	in.Sources = sources.Number(in.Results)
	bare := "Listening TCP ports:\n- 8200: minidlnad [106]\n- 111: rpcbind [107]\n- 139 and 445: smbd [108, 109]\n- %s [110]"
	pids := "These TCP services are listening:\n- **8200**: minidlnad (PID 30846) [106]\n- **111**: rpcbind (PID 30542) [107]\n" +
		"- **139 and 445**: smbd (PID 30539) [108, 109]\n- **%s (PID 30546) [110]"
	for _, tc := range []struct {
		shape, item string
		right       bool
	}{
		{bare, "873: rsync", true},
		{bare, "874: rsync", false},
		{bare, "873: smbd", false},
		{pids, "873**: rsync", true},
		{pids, "874**: rsync", false},
		{pids, "873**: rpcbind", false},
	} {
		in.Answer = fmt.Sprintf(tc.shape, tc.item)
		if r := Judge(in); r.Signals.AnswerGrounded != tc.right {
			t.Errorf("%q: grounded %v, want %v: %+v", in.Answer, r.Signals.AnswerGrounded, tc.right, r.Grounding)
		}
	}
}
