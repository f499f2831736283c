// Command annad is Anna's root daemon. See package daemon.
package main

import (
	"os"

	"github.com/jjgarcianorway/anna-assistant/daemon"
)

func main() { os.Exit(daemon.Main(os.Args[1:], os.Stderr)) }
