package undo

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// Ollama's delete endpoint, as its API documents it; there are no model
// weights here to delete for real.
func TestOllamaDelete(t *testing.T) {
	var asked []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var body struct{ Model string }
		_ = json.NewDecoder(r.Body).Decode(&body)
		asked = append(asked, r.Method+" "+r.URL.Path+" "+body.Model)
		switch body.Model {
		case "gone:1b":
			http.Error(w, `{"error":"model 'gone:1b' not found"}`, http.StatusNotFound)
		case "busy:1b":
			http.Error(w, `{"error":"disk is read-only"}`, http.StatusInternalServerError)
		}
	}))
	defer srv.Close()
	o := Ollama{URL: srv.URL + "/"}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := o.Delete(ctx, "llama3.2:3b"); err != nil {
		t.Fatal(err)
	}
	if err := o.Delete(ctx, "gone:1b"); err != nil {
		t.Fatalf("a model already gone: %v", err)
	}
	if err := o.Delete(ctx, "busy:1b"); err == nil || !strings.Contains(err.Error(), "disk is read-only") || !strings.HasPrefix(err.Error(), "cannot delete model busy:1b") {
		t.Fatalf("error %v", err)
	}
	if asked[0] != "DELETE /api/delete llama3.2:3b" {
		t.Fatalf("asked %q", asked)
	}
}

// A command that does not exist fails with its argv named; the deadline
// bounds one that hangs.
func TestCommandsFailAndHonorTheDeadline(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := (Commands{}).Remove(ctx, []string{"/nonexistent/apt-get", "remove", "-y", "x"}); err == nil || !strings.HasPrefix(err.Error(), "cannot run /nonexistent/apt-get remove -y x") {
		t.Fatalf("error %v", err)
	}
	short, cancel2 := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel2()
	if err := run(short, []string{"sleep", "60"}); err == nil || !strings.Contains(err.Error(), "in time") {
		t.Fatalf("error %v", err)
	}
}
