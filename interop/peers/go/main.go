// Command gopeer is the go-capnp (capnproto.org/go/capnp/v3) peer of Capstan's RPC interop
// tests. See ../../README.md for the contract:
//
//	gopeer server 127.0.0.1:PORT
//	gopeer client 127.0.0.1:PORT [scenario...]
//
// The generated code it imports lives in build-out/gen and is produced by ./build.
package main

import (
	"fmt"
	"os"
)

func usage() {
	fmt.Fprintln(os.Stderr, "usage: gopeer server 127.0.0.1:PORT | gopeer client 127.0.0.1:PORT [scenario...]")
	os.Exit(2)
}

func main() {
	if len(os.Args) < 3 {
		usage()
	}
	switch os.Args[1] {
	case "server":
		if err := runServer(os.Args[2]); err != nil {
			fmt.Fprintln(os.Stderr, "server:", err)
			os.Exit(1)
		}
	case "client":
		os.Exit(runClient(os.Args[2], os.Args[3:]))
	default:
		usage()
	}
}
