// Command ferretdb runs FerretDB v1 embedded in our own main module, on the PostgreSQL -postgresql-url names.
// Built without FerretDB's SQLite backend (-tags ferretdb_no_sqlite, go-binaries.mjs): on SQLite every query
// scans its collection, and compiling it was a third of the build.
// `go install` of FerretDB's own command panics (its version file is generated at release),
// while the public ferretdb package skips that check and keeps telemetry off.
package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	_ "net/http/pprof" // served only when TURNBOOK_FERRETDB_PPROF names an address
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/FerretDB/FerretDB/ferretdb"
)

func main() {
	addr := flag.String("listen-addr", "127.0.0.1:27017", "TCP address to listen on")
	pgURL := flag.String("postgresql-url", "", "PostgreSQL URL: where FerretDB stores its data (required)")
	flag.Parse()
	if *pgURL == "" {
		fmt.Fprintln(os.Stderr, "ferretdb: -postgresql-url is required")
		os.Exit(2)
	}

	// Only errors: FerretDB warns on every command it lacks (e.g. endSessions), which is noise here.
	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelError}))

	// The address first: a second FerretDB on it stops here, before it could take the first one's socket.
	front, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintln(os.Stderr, "ferretdb:", err)
		os.Exit(1)
	}
	// FerretDB itself listens on a private socket; clients reach it through the write front (writes.go).
	// One path per listen address: a FerretDB killed before it could clean up leaves no pile of sockets.
	sock := filepath.Join(os.TempDir(), "turnbook-ferretdb-"+strings.NewReplacer(":", "-", "/", "-").Replace(*addr)+".sock")
	_ = os.Remove(sock)
	defer os.Remove(sock)
	cfg := &ferretdb.Config{
		Listener: ferretdb.ListenerConfig{Unix: sock}, Logger: logger,
		Handler: "postgresql", PostgreSQLURL: *pgURL,
	}
	f, err := ferretdb.New(cfg)
	if err != nil {
		fmt.Fprintln(os.Stderr, "ferretdb:", err)
		os.Exit(1)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	// Where FerretDB's CPU goes: TURNBOOK_FERRETDB_PPROF=127.0.0.1:6060, then
	// `go tool pprof -top http://127.0.0.1:6060/debug/pprof/profile?seconds=30`.
	if addr := os.Getenv("TURNBOOK_FERRETDB_PPROF"); addr != "" {
		go func() { logger.Error("pprof", "err", http.ListenAndServe(addr, nil)) }()
	}
	go serveWrites(front, sock, logger)
	fmt.Printf("ferretdb listening on %s, data in PostgreSQL\n", *addr)
	f.Run(ctx)
	front.Close()
}
