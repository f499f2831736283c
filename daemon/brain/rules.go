package brain

// rule is one fact: holds says whether the question asks for it (and
// which kind, for debug mode), allowed the concepts the question may carry
// besides the tolerated ones.
type rule struct {
	holds   func(a *analysis) (Kind, bool)
	allowed concept
}

// tolerated concepts may appear in any question: addressing Anna ("can you
// tell me…") and "on" ("listening on", "space on my disk").
const tolerated = cYou | cOnWord

// machine words ("this machine") fit questions about the hardware, not
// about Anna: "system health" and "system version" are not hers.
const machine = cMachine

func (a *analysis) has(m concept) bool { return a.c&m != 0 }

func when(k Kind, ok bool) (Kind, bool) { return k, ok }

// rules are the facts; Match answers when exactly one holds.
var rules = []rule{
	{func(a *analysis) (Kind, bool) {
		return when(RAMTotal, a.has(cRAM) && !a.has(cAvail|cUse|cUsage))
	}, cRAM | cTotal | cSize | cCount | machine},
	{func(a *analysis) (Kind, bool) {
		return when(RAMAvailable, a.has(cRAM) && (a.has(cAvail) || a.has(cUse|cUsage) && a.has(cSize)))
	}, cRAM | cAvail | cUse | cUsage | cSize | cTotal | cAny | machine},
	{func(a *analysis) (Kind, bool) {
		// "what cpu does this laptop use" asks for the model.
		return when(CPUModel, a.has(cCPU) && (!a.has(cUse) || a.doSupport && !a.has(cMost|cProc)))
	}, cCPU | cModel | cTotal | cUse | machine},
	{func(a *analysis) (Kind, bool) {
		ok := a.has(cCore|cThread) || a.has(cCPU) && a.has(cCount)
		return when(CPUCores, ok && (a.capability || !a.has(cRun)))
	}, cCPU | cCore | cThread | cCount | cTotal | cRun | machine},
	{func(a *analysis) (Kind, bool) {
		return when(DiskFree, a.has(cDisk|cSpace) && a.has(cAvail|cUsage|cFull|cSize|cSpace|cTotal))
	}, cDisk | cSpace | cAvail | cUsage | cFull | cSize | cTotal | machine},
	{func(a *analysis) (Kind, bool) {
		return when(TopMemory, a.has(cRAM) && a.topProcess())
	}, cRAM | cMost | cUse | cUsage | cProc | cRun | machine},
	{func(a *analysis) (Kind, bool) {
		return when(TopCPU, a.has(cCPU) && a.topProcess())
	}, cCPU | cMost | cUse | cUsage | cProc | cRun | machine},
	{func(a *analysis) (Kind, bool) {
		return when(IPAddresses, a.has(cIP))
	}, cIP | cAddr | cLocal | machine},
	{func(a *analysis) (Kind, bool) {
		return when(DefaultGateway, a.has(cGateway) || a.has(cDefault) && a.has(cRoute))
	}, cGateway | cDefault | cRoute | cIP | cAddr | cUse | machine},
	{func(a *analysis) (Kind, bool) {
		return when(ListeningPorts, a.has(cPort|cListen|cNum))
	}, cPort | cListen | cNum | cProc | cUse | cRun | cAny | machine},
	{func(a *analysis) (Kind, bool) {
		return when(FailedServices, a.has(cFail))
	}, cFail | cService | cAny | machine},
	{func(a *analysis) (Kind, bool) {
		return when(GPU, a.has(cGPU))
	}, cGPU | cCard | cModel | cSize | cRAM | cTotal | machine},
	{func(a *analysis) (Kind, bool) {
		return when(Health, a.has(cYou) && a.has(cHealth|cRun|cStatus) || a.c&^cYou == cHealthNoun)
	}, cHealth | cHealthNoun | cRun | cStatus | cDoing | cSelf},
	{debugKind, cDebug | cMode | cEnable | cDisable | cToggle | cOffWord | cState | cStatus | cSelf},
	{func(a *analysis) (Kind, bool) {
		return when(Version, a.has(cVersion))
	}, cVersion | cTotal | cRun | cSelf},
}

// topProcess reports whether the question asks which process uses the
// most of something: "the most", "top", a "hog", or what/which process
// is using it — but not how much is used in all.
func (a *analysis) topProcess() bool {
	if a.has(cSize | cAvail) {
		return false
	}
	return a.has(cMost) || a.has(cUse) && (a.has(cProc) || a.whatFirst && !a.doSupport)
}

// debugKind reads debug mode questions. A query opens with is/are or asks
// for the status; a change needs enable or disable, turn or switch with on
// or off, or a bare "debug on" / "debug off". Anything else naming debug
// ("what is debug mode", "debug my network") is not a question about the
// mode's state.
func debugKind(a *analysis) (Kind, bool) {
	if !a.has(cDebug) {
		return "", false
	}
	on, off := a.has(cOnWord), a.has(cOffWord)
	enable := a.has(cEnable) || a.has(cToggle) && on && !off
	disable := a.has(cDisable) || a.has(cToggle) && off && !on
	switch {
	case enable && disable:
		return "", false
	case a.yesNo || a.has(cStatus) || a.has(cState) && !enable && !disable || on && off && !a.has(cToggle),
		a.asked && !enable && !disable: // "debug mode on?"
		return when(DebugQuery, a.has(cState|cStatus) || on || off)
	case enable:
		return DebugOn, true
	case disable:
		return DebugOff, true
	case a.has(cToggle):
		return "", false
	case on != off:
		if on {
			return DebugOn, true
		}
		return DebugOff, true
	}
	return "", false
}
