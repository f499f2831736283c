package cli

import (
	"strings"
	"testing"

	"github.com/jjgarcianorway/anna-assistant/daemon/daemontest"
	"github.com/jjgarcianorway/anna-assistant/daemon/llm/ollamatest"
	"github.com/jjgarcianorway/anna-assistant/daemon/translator"
	"github.com/jjgarcianorway/anna-assistant/version"
)

// A model that garbles its clarification question: annactl shows the
// keyword question instead, names the model in the header (it was
// called) and says why in last error.
func TestGarbledClarificationIsReplaced(t *testing.T) {
	fake := ollamatest.New(t)
	fake.OnChat(new(ollamatest.Script).When(ollamatest.IsTicket(), ollamatest.Reply{
		Content: `{"intent":"question","domain":"system","entities":[],"needs_probes":[],"clarification_question":"\"{","confidence":20}`,
	}).Otherwise(ollamatest.Reply{Content: "ok"}).Reply)
	d := daemontest.Start(t, daemontest.Options{Ollama: fake})
	code, out, errs := runWith(t, IO{}, d.Socket, nil, "fix", "it")
	if code != ExitOK || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	want := *translator.Keywords("fix it").ClarificationQuestion
	if !strings.HasPrefix(out, "anna v"+version.String()+" (tiny)\n") || !strings.Contains(out, clarifyLabel+want+"\n") ||
		!strings.Contains(out, "last error: translator: cannot use the model's clarification question") {
		t.Errorf("garbled question not replaced or not explained:\n%s", out)
	}
}

// With Ollama down (make run on a fresh machine), status explains it at
// once and a request's advice names the config file annad loaded, not the
// default /etc/anna/config.toml.
func TestAdviceNamesTheLoadedConfig(t *testing.T) {
	d := daemontest.Start(t, daemontest.Options{Config: "[ollama]\nurl = \"http://127.0.0.1:1\"\n"})
	code, out, _ := runWith(t, IO{}, d.Socket, nil, "status")
	if code != ExitOK || !strings.Contains(out, "config       "+d.ConfigFile+"\n") || !strings.Contains(out, "reachable    no\n") ||
		!strings.Contains(out, "last error   cannot reach Ollama") || !strings.Contains(out, "advice       start it with") ||
		!strings.Contains(out, "[ollama] url in "+d.ConfigFile+"\n") {
		t.Errorf("status does not explain Ollama being down:\n%s", out)
	}
	// A question only the model can answer gets the honest answer without
	// it, with the same advice.
	code, answer, errs := runWith(t, IO{}, d.Socket, nil, "why", "is", "memory", "usage", "high")
	if code != ExitOK || !strings.Contains(answer, "cannot reach Ollama") || !strings.Contains(answer, "[ollama] url in "+d.ConfigFile) {
		t.Errorf("exit %d, stderr %q, answer:\n%s", code, errs, answer)
	}
	if strings.Contains(answer+out, "/etc/anna") {
		t.Error("advice names /etc/anna although another file is in use")
	}
}
