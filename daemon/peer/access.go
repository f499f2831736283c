package peer

// Access is the level a method requires.
type Access int

// Access levels. Every RPC method declares one; the zero value is invalid so
// a method that forgets to declare fails the access table test.
const (
	// AccessUnset is the zero value and is never granted.
	AccessUnset Access = iota
	// AccessRead is for methods that only read: root, annad's own user and
	// members of the socket group.
	AccessRead
	// AccessOperate is for methods that change Anna's own state (asking a
	// question, resetting learned data): the same callers as AccessRead.
	AccessOperate
	// AccessAdmin is for methods that change the system: root, and members
	// of the socket group whom polkit authorizes for the method's action.
	// Nobody else, not even annad's own user when it is not root.
	AccessAdmin
)

// String names the level for logs and errors.
func (a Access) String() string {
	switch a {
	case AccessRead:
		return "read"
	case AccessOperate:
		return "operate"
	case AccessAdmin:
		return "admin"
	}
	return "unset"
}

// Policy decides access from an identity.
type Policy struct {
	// DaemonUID is annad's own uid (0 in production; a developer's uid when
	// run by hand), which is always trusted.
	DaemonUID uint32
	// GroupID is the socket group, or -1 when it does not exist and the
	// socket's file mode is the only gate.
	GroupID int64
}

// Verdict is what the policy says about one call.
type Verdict int

// Verdicts. Only Allow lets a call run without asking anyone else.
const (
	// Deny refuses the call; polkit is never asked.
	Deny Verdict = iota
	// Allow lets the call run.
	Allow
	// AskPolkit lets the call run only if polkit authorizes the method's
	// action for the caller's process.
	AskPolkit
)

// Check decides what id may do with a method that requires a. It reads only
// the identity, so it costs nothing; the server asks polkit, last, only on
// AskPolkit.
func (p Policy) Check(id Identity, a Access) Verdict {
	switch a {
	case AccessRead, AccessOperate:
		if id.IsRoot() || id.UID == p.DaemonUID {
			return Allow
		}
		if p.GroupID < 0 {
			// No group: whoever the socket's mode let in is trusted.
			return Allow
		}
		if id.InGroup(uint32(p.GroupID)) {
			return Allow
		}
	case AccessAdmin:
		if id.IsRoot() {
			return Allow
		}
		// Without a group nobody is a member: the socket's mode says who
		// may talk to annad, not who may change the system.
		if p.GroupID >= 0 && id.InGroup(uint32(p.GroupID)) {
			return AskPolkit
		}
	}
	return Deny
}

// Allows reports whether id may call a method that requires a without
// asking polkit.
func (p Policy) Allows(id Identity, a Access) bool {
	return p.Check(id, a) == Allow
}
