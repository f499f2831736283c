// Package anna is the root of Anna, a local AI assistant for Linux: annad,
// a root daemon that answers from real system evidence, and annactl, the
// user's CLI. This package holds only the repository-wide house tests; the
// code lives in cmd/, daemon/, cli/, rpc/, probes/, hardware/ and dbus/.
package anna
