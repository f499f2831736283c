// Command annactl is Anna's command line: it sends requests to annad and
// prints the answers. See package cli for the surface and exit codes.
package main

import (
	"context"
	"os"

	"github.com/jjgarcianorway/anna-assistant/cli"
)

func main() {
	os.Exit(cli.Run(context.Background(), os.Args[1:], cli.Stdio()))
}
