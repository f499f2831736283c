// Package daemon is annad: it wires the configuration, the hardware
// snapshot, the probes, the Ollama client and the service desk to the
// JSON-RPC server, and runs them as a systemd service (socket activation,
// sd_notify, graceful shutdown on SIGTERM).
//
// Every RPC method is declared once in methods.go with its access level;
// TestMethodAccessSane fails if one is missing.
package daemon
