package server

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// FuzzParseRequest: any line yields either a request that re-encodes to a
// valid JSON-RPC 2.0 request or a typed protocol error — never a panic.
func FuzzParseRequest(f *testing.F) {
	for _, s := range []string{
		`{"jsonrpc":"2.0","id":1,"method":"status"}`,
		`{"jsonrpc":"2.0","id":"x","method":"probe","params":{"probe":"top_memory"}}`,
		`{"jsonrpc":"2.0","method":"request","params":{"text":"hi"}}`,
		`{"jsonrpc":"2.0","id":null,"method":"status","params":null}`,
		`[{"jsonrpc":"2.0"}]`, `{}`, `null`, `"`, `{"id":{}}`, "\x00\xff", `{"jsonrpc":"2.0","id":1e999,"method":"x"}`,
		`{"jsonrpc":"2.0","id":1,"method":"x","params":[1,2]}`, `{"jsonrpc":"2.0","id":1,"method":"x","jsonrpc":"1.0"}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		req, err := parseRequest(line)
		if err != nil {
			switch err.Kind() {
			case rpc.KindParseError, rpc.KindInvalidRequest, rpc.KindInvalidParams:
			default:
				t.Fatalf("unexpected kind %q", err.Kind())
			}
			if !strings.HasPrefix(err.Message, "cannot ") {
				t.Fatalf("message %q", err.Message)
			}
			if req.ID != nil && !validID(req.ID) {
				t.Fatalf("error echoes an invalid id %q", req.ID)
			}
			return
		}
		if req.JSONRPC != "2.0" || req.Method == "" {
			t.Fatalf("accepted %+v", req)
		}
		if req.ID != nil && !validID(req.ID) {
			t.Fatalf("accepted invalid id %q", req.ID)
		}
		if _, err := json.Marshal(errorResponse(req.ID, rpc.Errorf(rpc.KindInternal, "cannot x"))); err != nil {
			t.Fatalf("response for %q does not encode: %v", line, err)
		}
		if _, perr := Params[struct {
			Probe string `json:"probe"`
		}](req.Params); perr != nil && rpc.KindOf(perr) != rpc.KindInvalidParams {
			t.Fatalf("Params error kind %q", rpc.KindOf(perr))
		}
	})
}
