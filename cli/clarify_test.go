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
	fake.OnChat(new(ollamatest.Script).When(ollamatest.HasFormat(), ollamatest.Reply{
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
