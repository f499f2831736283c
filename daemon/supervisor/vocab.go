package supervisor

import "github.com/jjgarcianorway/anna-assistant/daemon/lexicon"

// kindWords mark the word next to them as a name: "the nginx process",
// "service foo", "foo daemon", "foo (PID 12)".
var kindWords = lexicon.NewSet(`process processes service daemon unit program pid command`)

// kindBefore mark the word after them as an interface: "interface ifb0".
var kindBefore = lexicon.NewSet(`interface interfaces nic adapter`)

// notNames are words that sit where a name could ("the content process",
// "a renderer process", "no process name shown", "no process shown": a
// participle or adjective after "process") but describe a process rather
// than name it.
var notNames = lexicon.NewSet(`renderer utility gpu-process network audio storage sandbox broker
	zygote shell init sleeping runnable waiting orphan orphaned long-running short-lived heavy light
	cpu-heavy memory-hungry greedy large larger largest biggest bigger smaller smallest named called killer
	array raid disk drive partition volume filesystem server machine system laptop computer host box pool
	socket sockets port ports connection connections listener listeners vm vms container containers instance
	instances job jobs several many few multiple various numerous e.g i.e eg ie etc vs via
	name names id ids list tree table owner owners info details
	shown seen given known hidden found visible available present ipv4 ipv6`)

// actionWords after a name mark it as the subject of a figure: "firefox
// uses 1.2 GiB", "chrome is using 30%", "sshd listens on port 22".
var actionWords = lexicon.NewSet(`uses consumes listens holds occupies`)
var progressiveWords = lexicon.NewSet(`using consuming listening holding occupying taking running`)

// proseCounters are words after which a small or round number describes
// the answer itself ("the top 5", "the last 200 lines"), not the system.
var proseCounters = lexicon.NewSet(`top first last past next every within only about around over`)

// hwNouns are the hardware nouns whose count is a fact ("2 logical CPUs",
// "8 cores"), by the stem their evidence lines name.
var hwNouns = map[string]string{
	"cpu": "cpu", "cpus": "cpu", "vcpu": "cpu", "vcpus": "cpu", "processor": "cpu", "processors": "cpu",
	"thread": "thread", "threads": "thread", "core": "core", "cores": "core",
	"socket": "socket", "sockets": "socket",
}

// hwKeys are the keys under which the evidence counts a hardware noun:
// logical CPUs are threads, and lscpu counts them as "CPU(s)"; the
// hardware snapshot writes "threads", the facts "cpu_threads".
var hwKeys = map[string][]string{
	"cpu":    {"cpu(s)", "cpus", "threads", "cpu_threads"},
	"thread": {"cpu(s)", "cpus", "threads", "cpu_threads", "thread(s) per core", "threads_per_core"},
	"core":   {"cores", "cpu_cores", "core(s) per socket", "cores_per_socket"},
	"socket": {"socket(s)", "sockets"},
	// per core and per socket, of a label ("Threads per core: 2")
	"thread/core": {"thread(s) per core", "threads_per_core"},
	"core/socket": {"core(s) per socket", "cores_per_socket"},
}

// hwAdjectives may stand between a count and its hardware noun.
var hwAdjectives = lexicon.NewSet(`logical physical virtual online cpu hardware performance efficiency`)

// products are CPU, GPU, disk and hypervisor vendors and product lines. A
// model name is a claim: "AMD EPYC" is checked against the evidence, so
// "Intel Xeon" on an AMD machine is not grounded.
var products = lexicon.NewSet(`amd intel nvidia ryzen epyc threadripper athlon opteron xeon celeron
	pentium geforce quadro radeon rtx gtx arm cortex neoverse snapdragon qualcomm apple broadcom realtek
	samsung kingston crucial seagate toshiba sandisk micron hynix virtio qemu kvm vmware hyper-v xen
	authenticamd genuineintel`)

// stateWords are the states an answer can assert of an entity, mapped to
// the word the evidence shows for them.
var stateWords = map[string]string{
	"up": "up", "down": "down", "active": "active", "inactive": "inactive", "failed": "failed",
	"failing": "failed", "dead": "dead", "running": "running", "unknown": "unknown",
}

// copulas before a state word make it an assertion: "eth0 is down",
// "state UP", "nginx.service has failed".
var copulas = lexicon.NewSet(`is are was were state status has have been currently shows marked now both all`)

// pluralCopulas say a state of every entity before them: "backup.service
// and certbot.timer are failed".
var pluralCopulas = lexicon.NewSet(`are were both all`)

// negations within three words before a state word deny it; a denied
// state is not checked ("mysqld is not running").
var negations = lexicon.NewSet(`not no never isn't aren't wasn't isnt arent nor neither longer`)

// rootNouns after "root" name the filesystem mounted on /.
var rootNouns = lexicon.NewSet(`filesystem filesystems partition fs volume mount`)

// groupNouns after a state word make it say something of every entity in
// the sentence: "the failed units are …", "down interfaces: …".
var groupNouns = lexicon.NewSet(`units services interfaces links processes daemons timers`)

// prepositions after a word make it a predicate, not a name: "PID 700 is
// bound to …".
var prepositions = lexicon.NewSet(`to on at by in for with from of as into`)

// unitNouns after "systemd" make it say what kind of thing follows.
var unitNouns = lexicon.NewSet(`unit units service services timer timers journal`)

// connectives after a kind word ("interfaces, whereas …", "interfaces
// except eno1") join clauses; they name no interface.
var connectives = lexicon.NewSet(`whereas except besides apart aside including excluding like namely such while
	although though unlike plus`)

// roleNouns say what part a process plays ("two fuzz workers are
// running", "the master"); they anchor where the evidence has them and
// are no invented names where it does not (see claim.soft).
var roleNouns = lexicon.NewSet(`worker workers master masters child children parent helper helpers
	fuzzer fuzzers compiler compilers linker linkers builder builders runner runners`)
