package supervisor

import (
	"bufio"
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/jjgarcianorway/anna-assistant/daemon/sources"
	"github.com/jjgarcianorway/anna-assistant/hardware"
	"github.com/jjgarcianorway/anna-assistant/probes"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// labelled is one answer of testdata/corpus.txt.
type labelled struct {
	label, scenario, answer string
	where                   string // file:line
}

func readCorpus(t *testing.T, name string) []labelled {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []labelled
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		head, answer, ok := strings.Cut(line, " | ")
		if !ok {
			head, answer, ok = strings.Cut(line, " |")
		}
		label, scenario, ok2 := strings.Cut(head, " ")
		if !ok || !ok2 {
			t.Fatalf("%s:%d: want LABEL SCENARIO | answer", name, n)
		}
		// Answers write newlines and control characters as Go escapes.
		text, err := strconv.Unquote(`"` + strings.ReplaceAll(answer, `"`, `\"`) + `"`)
		if err != nil {
			t.Fatalf("%s:%d: %v", name, n, err)
		}
		out = append(out, labelled{label, scenario, text, name + ":" + strconv.Itoa(n)})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// scenarioFiles are the probe outputs of the fixture scenarios.
var scenarioFiles = map[string][][3]string{
	"laptop": {
		{probes.TopMemory, "ps aux --sort=-%mem", "ps_aux_mem.txt"}, {probes.MemoryInfo, "free -h", "free.txt"},
		{probes.DiskUsage, "df -h", "df.txt"}, {probes.BlockDevices, "lsblk", "lsblk.txt"},
		{probes.ListeningPorts, "ss -tulpn", "ss.txt"}, {probes.SystemLogs, "journalctl -p warning..alert -n 200 --no-pager", "journal.txt"},
		{probes.CPUInfo, "lscpu", "lscpu.txt"},
	},
	"server": {
		{probes.TopCPU, "ps aux --sort=-%cpu", "server/ps_cpu.txt"}, {probes.MemoryInfo, "free -h", "server/free.txt"},
		{probes.DiskUsage, "df -h", "server/df.txt"}, {probes.NetworkAddrs, "ip addr show", "server/ip.txt"},
		{probes.ListeningPorts, "ss -tulpn", "server/ss.txt"}, {probes.FailedServices, "systemctl --failed", "server/failed.txt"},
		{probes.SystemLogs, "journalctl -p warning..alert -n 200 --no-pager", "server/journal.txt"},
		{probes.CPUInfo, "lscpu", "server/lscpu.txt"},
	},
}

var scenarioHardware = map[string]rpc.Hardware{
	"laptop": {CPUModel: "AMD Ryzen 7 5800X 8-Core Processor", Cores: 8, Threads: 16, RAMTotalBytes: 16663232512, RAMAvailableBytes: 9985798963},
	"server": {CPUModel: "Intel(R) Xeon(R) Silver 4314 CPU @ 2.40GHz", Cores: 16, Threads: 32, RAMTotalBytes: 33285996544, RAMAvailableBytes: 19327352832},
	"host":   {CPUModel: "AMD EPYC", Cores: 2, Threads: 2, RAMTotalBytes: 25276026880, RAMAvailableBytes: 24360206336},
	"host2":  {CPUModel: "AMD EPYC", Cores: 2, Threads: 2, RAMTotalBytes: 25276026880, RAMAvailableBytes: 24700235776},
	"host3":  {CPUModel: "AMD EPYC", Cores: 2, Threads: 2, RAMTotalBytes: 25276026880, RAMAvailableBytes: 24531255296},
	"host4":  {CPUModel: "AMD EPYC", Cores: 2, Threads: 2, RAMTotalBytes: 25276026880, RAMAvailableBytes: 23466455040},
	"host5":  {CPUModel: "AMD EPYC", Cores: 2, Threads: 2, RAMTotalBytes: 25276026880, RAMAvailableBytes: 24206802944},
	"host6":  {CPUModel: "AMD EPYC", Cores: 2, Threads: 2, RAMTotalBytes: 25276026880, RAMAvailableBytes: 22732738560},
	"host7":  {CPUModel: "AMD EPYC", Cores: 2, Threads: 2, RAMTotalBytes: 25276026880, RAMAvailableBytes: 22979661824},
	"host8":  {CPUModel: "AMD EPYC", Cores: 2, Threads: 2, RAMTotalBytes: 25276026880, RAMAvailableBytes: 23807746048},
	"host9":  {CPUModel: "AMD EPYC", Cores: 2, Threads: 2, RAMTotalBytes: 25276026880, RAMAvailableBytes: 22266646528},
	"host10": {CPUModel: "AMD EPYC", Cores: 2, Threads: 2, RAMTotalBytes: 25276026880, RAMAvailableBytes: 24442408960},
	"host11": {CPUModel: "AMD EPYC", Cores: 2, Threads: 2, RAMTotalBytes: 25276026880, RAMAvailableBytes: 23716372480},
	"host12": {CPUModel: "AMD EPYC", Cores: 2, Threads: 2, RAMTotalBytes: 25276026880, RAMAvailableBytes: 20702806016},
	"host13": {CPUModel: "AMD EPYC", Cores: 2, Threads: 2, RAMTotalBytes: 25276026880, RAMAvailableBytes: 22854279168},
	"host14": {CPUModel: "AMD EPYC", Cores: 2, Threads: 2, RAMTotalBytes: 25276026880, RAMAvailableBytes: 21524647936},
	"host15": {CPUModel: "AMD EPYC", Cores: 2, Threads: 2, RAMTotalBytes: 25276026880, RAMAvailableBytes: 21859196928},
	"host16": {CPUModel: "AMD EPYC", Cores: 2, Threads: 2, RAMTotalBytes: 25276502016, RAMAvailableBytes: 23245242368},
	"host17": {CPUModel: "AMD EPYC", Cores: 2, Threads: 2, RAMTotalBytes: 25276502016, RAMAvailableBytes: 22429900800},
	"host18": {CPUModel: "AMD EPYC", Cores: 2, Threads: 2, RAMTotalBytes: 25276502016, RAMAvailableBytes: 21310427136},
	"host19": {CPUModel: "AMD EPYC", Cores: 2, Threads: 2, RAMTotalBytes: 25276502016, RAMAvailableBytes: 23272996864},
	"host20": {CPUModel: "AMD EPYC", Cores: 2, Threads: 2, RAMTotalBytes: 25276502016, RAMAvailableBytes: 20669501440},
	"host21": {CPUModel: "AMD EPYC", Cores: 2, Threads: 2, RAMTotalBytes: 25276502016, RAMAvailableBytes: 23707340800},
	"host22": {CPUModel: "AMD EPYC", Cores: 2, Threads: 2, RAMTotalBytes: 25276502016, RAMAvailableBytes: 23070773248},
	"host23": {CPUModel: "AMD EPYC", Cores: 2, Threads: 2, RAMTotalBytes: 25276502016, RAMAvailableBytes: 21275897856},
	"host24": {CPUModel: "AMD EPYC", Cores: 2, Threads: 2, RAMTotalBytes: 25276502016, RAMAvailableBytes: 21873565696},
	"host25": {CPUModel: "AMD EPYC", Cores: 2, Threads: 2, RAMTotalBytes: 25276502016, RAMAvailableBytes: 23564206080},
	"host26": {CPUModel: "AMD EPYC", Cores: 2, Threads: 2, RAMTotalBytes: 25276502016, RAMAvailableBytes: 23476060160},
	"host27": {CPUModel: "AMD EPYC", Cores: 2, Threads: 2, RAMTotalBytes: 25276502016, RAMAvailableBytes: 23838416896},
	"host28": {CPUModel: "AMD EPYC", Cores: 2, Threads: 2, RAMTotalBytes: 25276502016, RAMAvailableBytes: 24024711168},
	"host29": {CPUModel: "AMD EPYC", Cores: 2, Threads: 2, RAMTotalBytes: 25276502016, RAMAvailableBytes: 23442108416},
	"host30": {CPUModel: "AMD EPYC", Cores: 2, Threads: 2, RAMTotalBytes: 25276502016, RAMAvailableBytes: 22677250048},
	"host31": {CPUModel: "AMD EPYC", Cores: 2, Threads: 2, RAMTotalBytes: 25276502016, RAMAvailableBytes: 22489501696},
	"host32": {CPUModel: "AMD EPYC", Cores: 2, Threads: 2, RAMTotalBytes: 25276502016, RAMAvailableBytes: 23751467008},
	"host33": {CPUModel: "AMD EPYC", Cores: 2, Threads: 2, RAMTotalBytes: 25276502016, RAMAvailableBytes: 22872707072},
	"host34": {CPUModel: "AMD EPYC", Cores: 2, Threads: 2, RAMTotalBytes: 25276502016, RAMAvailableBytes: 24041783296},
	"host35": {CPUModel: "AMD EPYC", Cores: 2, Threads: 2, RAMTotalBytes: 25276502016, RAMAvailableBytes: 20742545408},
	"host36": {CPUModel: "AMD EPYC", Cores: 2, Threads: 2, RAMTotalBytes: 25276502016, RAMAvailableBytes: 21609885696},
	"host37": {CPUModel: "AMD EPYC", Cores: 2, Threads: 2, RAMTotalBytes: 25276502016, RAMAvailableBytes: 22879838208},
	"host38": {CPUModel: "AMD EPYC", Cores: 2, Threads: 2, RAMTotalBytes: 25276502016, RAMAvailableBytes: 24142761984},
	"host47": {CPUModel: "AMD EPYC", Cores: 2, Threads: 2, RAMTotalBytes: 25276502016, RAMAvailableBytes: 23532773376},
	"host48": {CPUModel: "AMD EPYC", Cores: 2, Threads: 2, RAMTotalBytes: 25276502016, RAMAvailableBytes: 23422238720},
	"host49": {CPUModel: "AMD EPYC", Cores: 2, Threads: 2, RAMTotalBytes: 25276502016, RAMAvailableBytes: 21025562624},
	"host50": {CPUModel: "AMD EPYC", Cores: 2, Threads: 2, RAMTotalBytes: 25276502016, RAMAvailableBytes: 22522064896},
	"host51": {CPUModel: "AMD EPYC", Cores: 2, Threads: 2, RAMTotalBytes: 25276502016, RAMAvailableBytes: 23621832704},
	"host52": {CPUModel: "AMD EPYC", Cores: 2, Threads: 2, RAMTotalBytes: 25276502016, RAMAvailableBytes: 23922597888},
	"host53": {CPUModel: "AMD EPYC", Cores: 2, Threads: 2, RAMTotalBytes: 25276502016, RAMAvailableBytes: 23019253760},
	"host54": {CPUModel: "AMD EPYC", Cores: 2, Threads: 2, RAMTotalBytes: 25276502016, RAMAvailableBytes: 23724326912},
	"host55": {CPUModel: "AMD EPYC", Cores: 2, Threads: 2, RAMTotalBytes: 25276502016, RAMAvailableBytes: 19764174848},
	"host56": {CPUModel: "AMD EPYC", Cores: 2, Threads: 2, RAMTotalBytes: 25276502016, RAMAvailableBytes: 19909853184},
	"host57": {CPUModel: "AMD EPYC", Cores: 2, Threads: 2, RAMTotalBytes: 25276502016, RAMAvailableBytes: 23977332736},
	"host58": {CPUModel: "AMD EPYC", Cores: 2, Threads: 2, RAMTotalBytes: 25276502016, RAMAvailableBytes: 21590020096},
	"host59": {CPUModel: "AMD EPYC", Cores: 2, Threads: 2, RAMTotalBytes: 25276502016, RAMAvailableBytes: 22510473216},
	"host60": {CPUModel: "AMD EPYC", Cores: 2, Threads: 2, RAMTotalBytes: 25276502016, RAMAvailableBytes: 19958775808},
	"host61": {CPUModel: "AMD EPYC", Cores: 2, Threads: 2, RAMTotalBytes: 25276502016, RAMAvailableBytes: 19644657664},
}

// hostProbes are the scenarios read from every probe's real result on the
// development machine, by the file that holds them.
var hostProbes = map[string]string{"host": "host_probes.json", "host2": "host2_probes.json", "host3": "host3_probes.json",
	"host4": "host4_probes.json", "host5": "host5_probes.json",
	"host6": "host6_probes.json", "host7": "host7_probes.json",
	"host8": "host8_probes.json", "host9": "host9_probes.json",
	"host10": "host10_probes.json", "host11": "host11_probes.json", "host12": "host12_probes.json",
	"host13": "host13_probes.json", "host14": "host14_probes.json", "host15": "host15_probes.json",
	"host16": "host16_probes.json", "host17": "host17_probes.json", "host18": "host18_probes.json",
	"host19": "host19_probes.json", "host20": "host20_probes.json", "host21": "host21_probes.json",
	"host22": "host22_probes.json", "host23": "host23_probes.json", "host24": "host24_probes.json",
	"host25": "host25_probes.json", "host26": "host26_probes.json",
	"host27": "host27_probes.json", "host28": "host28_probes.json",
	"host29": "host29_probes.json", "host30": "host30_probes.json",
	"host31": "host31_probes.json", "host32": "host32_probes.json",
	"host33": "host33_probes.json", "host34": "host34_probes.json",
	"host35": "host35_probes.json", "host36": "host36_probes.json",
	"host37": "host37_probes.json", "host38": "host38_probes.json",
	"host47": "host47_probes.json", "host48": "host48_probes.json",
	"host49": "host49_probes.json", "host50": "host50_probes.json",
	"host51": "host51_probes.json", "host52": "host52_probes.json", "host53": "host53_probes.json",
	"host54": "host54_probes.json", "host55": "host55_probes.json", "host56": "host56_probes.json",
	"host57": "host57_probes.json", "host58": "host58_probes.json", "host59": "host59_probes.json",
	"host60": "host60_probes.json", "host61": "host61_probes.json"}

// scenario builds the supervisor's input for a scenario: every probe's
// result as the desk would pass it, the hardware snapshot and the facts
// the specialist was given.
func scenario(t testing.TB, name string) Input {
	t.Helper()
	in := Input{
		Ticket:   rpc.Ticket{Intent: rpc.IntentQuestion, Domain: rpc.DomainSystem, Confidence: 0.9, Source: "llm"},
		Hardware: scenarioHardware[name],
		Facts:    hardware.Fields(scenarioHardware[name]),
	}
	in.Facts["version"] = "0.1.0"
	if file, ok := hostProbes[name]; ok {
		raw, err := os.ReadFile(filepath.Join("testdata", file))
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(raw, &in.Results); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range scenarioFiles[name] {
		in.Results = append(in.Results, rpc.ProbeResult{Probe: f[0], Command: f[1], Stdout: fixture(t, f[2])})
	}
	if len(in.Results) == 0 {
		t.Fatalf("no scenario %q", name)
	}
	for _, r := range in.Results {
		in.Requested = append(in.Requested, r.Probe)
		in.Ticket.NeedsProbes = append(in.Ticket.NeedsProbes, r.Probe)
	}
	return in
}

// Goals for the labelled corpus (issue 6, "Scores that mean what they
// say").
const (
	minCaught      = 0.95 // of false answers, share that lose answer_grounded
	maxFalseAlarms = 0.05 // of true answers, share that lose it
)

// TestCorpus scores every labelled answer of testdata/corpus.txt and,
// separately, each held-out file (heldout.txt … heldout16.txt), and checks
// the rates of each: false answers lose answer_grounded, true answers (with
// or without advice) keep it, and garbage scores at most 20 with a reason.
// docs/SCORING.md reports the rates this test logs.
func TestCorpus(t *testing.T) {
	skipUnderRace(t)
	for _, name := range []string{"corpus.txt", "heldout.txt", "heldout2.txt", "heldout3.txt", "heldout4.txt", "heldout5.txt", "heldout6.txt", "heldout7.txt", "heldout8.txt", "heldout9.txt", "heldout10.txt", "heldout11.txt", "heldout12.txt", "heldout13.txt", "heldout14.txt", "heldout15.txt", "heldout16.txt"} {
		t.Run(name, func(t *testing.T) { checkCorpus(t, name) })
	}
}

// blind are the held-out files written by someone who had read none of
// the rules (docs/SCORING.md, "Blind rounds"), with the number of answers
// of each label judged right: their first score, or more once general
// rules fixed the shapes their misses showed. A rule change may judge
// more of them right, never fewer.
var blind = map[string]map[string]int{
	"heldout17.txt": {"T": 27, "A": 6, "F": 30, "G": 3},
	"heldout18.txt": {"T": 26, "A": 6, "F": 28, "G": 3},
	"heldout19.txt": {"T": 27, "A": 6, "F": 28, "G": 3},
	"heldout20.txt": {"T": 25, "A": 6, "F": 27, "G": 3},
	"heldout21.txt": {"T": 25, "A": 6, "F": 27, "G": 3},
	"heldout22.txt": {"T": 32, "A": 7, "F": 31, "G": 4},
	"heldout23.txt": {"T": 31, "A": 7, "F": 33, "G": 4},
	"heldout24.txt": {"T": 29, "A": 7, "F": 31, "G": 4},
	"heldout25.txt": {"T": 30, "A": 7, "F": 32, "G": 4},
	"heldout26.txt": {"T": 30, "A": 7, "F": 31, "G": 4},
	"heldout27.txt": {"T": 33, "A": 7, "F": 33, "G": 4},
	"heldout28.txt": {"T": 30, "A": 7, "F": 31, "G": 4},
	"heldout29.txt": {"T": 29, "A": 7, "F": 31, "G": 4},
	"heldout30.txt": {"T": 32, "A": 7, "F": 34, "G": 4},
	"heldout31.txt": {"T": 28, "A": 5, "F": 26, "G": 4},
	"heldout32.txt": {"T": 27, "A": 6, "F": 27, "G": 3},
	"heldout33.txt": {"T": 29, "A": 7, "F": 30, "G": 4},
	"heldout34.txt": {"T": 30, "A": 8, "F": 31, "G": 4},
	"heldout35.txt": {"T": 30, "A": 7, "F": 31, "G": 4},
	"heldout36.txt": {"T": 28, "A": 7, "F": 30, "G": 4},
	"heldout37.txt": {"T": 30, "A": 7, "F": 29, "G": 4},
	"heldout38.txt": {"T": 29, "A": 7, "F": 31, "G": 4},
	"heldout39.txt": {"T": 31, "A": 7, "F": 31, "G": 4},
	"heldout40.txt": {"T": 32, "A": 7, "F": 29, "G": 4},
	"heldout41.txt": {"T": 29, "A": 8, "F": 29, "G": 4},
	"heldout42.txt": {"T": 30, "A": 8, "F": 30, "G": 4},
	"heldout43.txt": {"T": 31, "A": 7, "F": 32, "G": 4},
	"heldout44.txt": {"T": 28, "A": 7, "F": 30, "G": 4},
	"heldout45.txt": {"T": 30, "A": 7, "F": 30, "G": 4},
	"heldout46.txt": {"T": 33, "A": 9, "F": 32, "G": 4},
	"heldout47.txt": {"T": 29, "A": 7, "F": 32, "G": 4},
	"heldout48.txt": {"T": 32, "A": 8, "F": 30, "G": 4},
	"heldout49.txt": {"T": 30, "A": 7, "F": 31, "G": 4},
	"heldout50.txt": {"T": 33, "A": 7, "F": 33, "G": 4},
	"heldout51.txt": {"T": 28, "A": 7, "F": 25, "G": 4},
	"heldout52.txt": {"T": 34, "A": 7, "F": 32, "G": 3},
	"heldout53.txt": {"T": 28, "A": 6, "F": 28, "G": 4},
	"heldout54.txt": {"T": 26, "A": 6, "F": 29, "G": 4},
	"heldout55.txt": {"T": 24, "A": 8, "F": 29, "G": 4},
	"heldout56.txt": {"T": 29, "A": 8, "F": 30, "G": 4},
	"heldout57.txt": {"T": 20, "A": 5, "F": 27, "G": 3},
	"heldout58.txt": {"T": 20, "A": 7, "F": 25, "G": 4},
	"heldout59.txt": {"T": 27, "A": 4, "F": 26, "G": 4},
	"heldout60.txt": {"T": 27, "A": 5, "F": 24, "G": 4},
	"heldout61.txt": {"T": 23, "A": 5, "F": 27, "G": 4},
	"heldout62.txt": {"T": 28, "A": 7, "F": 26, "G": 4},
	"heldout63.txt": {"T": 28, "A": 6, "F": 23, "G": 4},
	"heldout64.txt": {"T": 28, "A": 6, "F": 25, "G": 4},
	"heldout65.txt": {"T": 13, "A": 3, "F": 15, "G": 3},
	"heldout66.txt": {"T": 13, "A": 2, "F": 15, "G": 3},
	"heldout67.txt": {"T": 16, "A": 4, "F": 16, "G": 3},
	"heldout68.txt": {"T": 13, "A": 3, "F": 17, "G": 2},
	"heldout69.txt": {"T": 11, "A": 4, "F": 15, "G": 3},
	"heldout70.txt": {"T": 9, "A": 3, "F": 17, "G": 3},
	"heldout71.txt": {"T": 14, "A": 4, "F": 16, "G": 3},
	"heldout72.txt": {"T": 12, "A": 4, "F": 17, "G": 2},
}

// TestBlindCorpus scores the blind files and fails when a rule change
// judges fewer answers of a label right than their first score did; the
// rates it logs are the estimate for answers nobody tuned on.
func TestBlindCorpus(t *testing.T) {
	skipUnderRace(t)
	checkFloors(t, blind, false)
}

// checkFloors scores each file of floors, its citations removed and no
// Sources given when uncited, and fails when fewer answers of a label are
// judged right than the file's floor for it.
func checkFloors(t *testing.T, floors map[string]map[string]int, uncited bool) {
	t.Helper()
	how := ""
	if uncited {
		how = " without citations"
	}
	for _, name := range slices.Sorted(maps.Keys(floors)) {
		t.Run(name, func(t *testing.T) {
			got := scoreCorpus(t, name, uncited)
			for l, first := range floors[name] {
				if got[l].ok < first {
					t.Errorf("%d of the %d %s answers are judged right%s, fewer than the %d of the first score", got[l].ok, got[l].total, l, how, first)
				}
			}
		})
	}
}

// settled are the files whose misses were fixed in their round: every
// answer of them is judged right, and a rule change must keep it so.
var settled = map[string]bool{"corpus.txt": true, "heldout.txt": true, "heldout2.txt": true, "heldout3.txt": true,
	"heldout4.txt": true, "heldout5.txt": true, "heldout6.txt": true, "heldout7.txt": true, "heldout8.txt": true,
	"heldout9.txt": true, "heldout10.txt": true, "heldout11.txt": true, "heldout12.txt": true, "heldout13.txt": true,
	"heldout14.txt": true, "heldout15.txt": true, "heldout16.txt": true}

// tally counts a label's answers and those judged right.
type tally struct{ total, ok int }

// scoreCorpus judges every answer of a file, logs each one judged wrong
// and the rates, and returns the tallies by label. A file written under
// the citation contract (citedBlind) is judged with its scenario's
// numbered lines as Sources; uncited judges every answer with its
// citations removed (sources.Parse) and no Sources, as answers were
// judged before the contract.
func scoreCorpus(t *testing.T, name string, uncited bool) map[string]*tally {
	inputs := map[string]Input{}
	tallies := map[string]*tally{"T": {}, "A": {}, "F": {}, "G": {}}
	for _, c := range readCorpus(t, name) {
		in, ok := inputs[c.scenario]
		if !ok {
			in = scenario(t, c.scenario)
			if !uncited && citedBlind[name] != nil {
				in.Sources = sources.Number(in.Results)
			}
			inputs[c.scenario] = in
		}
		in.Answer = c.answer
		if uncited {
			in.Answer, _ = sources.Parse(c.answer)
		}
		r := Judge(in)
		if !labels[c.label] {
			t.Fatalf("%s: unknown label %q", c.where, c.label)
		}
		pass := judgedRight(c.label, r)
		tl := tallies[c.label]
		tl.total++
		if pass {
			tl.ok++
		} else {
			t.Logf("%s %s %s %q: score %d, grounding %+v, unusable %q", c.where, c.label, c.scenario, in.Answer, r.Score, r.Grounding, r.Unusable)
		}
	}
	logTallies(t, tallies)
	return tallies
}

// labels are the labels a corpus line may carry.
var labels = map[string]bool{"T": true, "A": true, "F": true, "G": true}

// judgedRight reports whether r is the right verdict for an answer
// labelled l: true answers (with or without advice) keep answer_grounded
// and are usable, false ones lose it, garbage scores at most 20 with a
// reason.
func judgedRight(l string, r Review) bool {
	switch l {
	case "T", "A":
		return r.Signals.AnswerGrounded && r.Unusable == ""
	case "F":
		return !r.Signals.AnswerGrounded
	}
	return r.Score <= 20 && r.Unusable != ""
}

// logTallies logs the rates docs/SCORING.md reports.
func logTallies(t *testing.T, tallies map[string]*tally) {
	t.Helper()
	rate := func(l string) float64 { return float64(tallies[l].ok) / float64(max(1, tallies[l].total)) }
	t.Logf("false answers caught: %d/%d (%.1f%%)", tallies["F"].ok, tallies["F"].total, 100*rate("F"))
	t.Logf("true answers flagged: %d/%d (%.1f%%)", tallies["T"].total-tallies["T"].ok, tallies["T"].total, 100*(1-rate("T")))
	t.Logf("true answers with advice flagged: %d/%d (%.1f%%)", tallies["A"].total-tallies["A"].ok, tallies["A"].total, 100*(1-rate("A")))
	t.Logf("garbage scored <= 20 with a reason: %d/%d (%.1f%%)", tallies["G"].ok, tallies["G"].total, 100*rate("G"))
}

func checkCorpus(t *testing.T, name string) {
	tallies := scoreCorpus(t, name, false)
	rate := func(l string) float64 { return float64(tallies[l].ok) / float64(max(1, tallies[l].total)) }
	if rate("F") < minCaught {
		t.Errorf("only %.1f%% of false answers lose answer_grounded, want at least %.0f%%", 100*rate("F"), 100*minCaught)
	}
	for _, l := range []string{"T", "A"} {
		if 1-rate(l) > maxFalseAlarms {
			t.Errorf("%.1f%% of %s answers lose answer_grounded, want at most %.0f%%", 100*(1-rate(l)), l, 100*maxFalseAlarms)
		}
	}
	if settled[name] {
		for _, l := range []string{"T", "A", "F", "G"} {
			if tallies[l].ok < tallies[l].total {
				t.Errorf("%s was judged right on every answer since its round; now %d of its %s answers are wrong", name, tallies[l].total-tallies[l].ok, l)
			}
		}
	}
	if rate("G") < 1 {
		t.Errorf("%d garbage replies scored above 20 or gave no reason", tallies["G"].total-tallies["G"].ok)
	}
}
