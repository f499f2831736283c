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
	// AccessAdmin is for methods that change the system: root only until
	// polkit arrives.
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

// Allows reports whether id may call a method that requires a.
func (p Policy) Allows(id Identity, a Access) bool {
	switch a {
	case AccessRead, AccessOperate:
		if id.IsRoot() || id.UID == p.DaemonUID {
			return true
		}
		if p.GroupID < 0 {
			// No group: whoever the socket's mode let in is trusted.
			return true
		}
		return id.InGroup(uint32(p.GroupID))
	case AccessAdmin:
		return id.IsRoot()
	}
	return false
}
