package main

import (
	"bufio"
	"encoding/binary"
	"io"
	"log/slog"
	"net"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"github.com/FerretDB/wire/wirebson"
)

// opMsgOf is one OP_MSG request carrying `cmd` as its body (section kind 0).
func opMsgOf(t *testing.T, requestID uint32, cmd *wirebson.Document) []byte {
	t.Helper()
	body, err := cmd.Encode()
	if err != nil {
		t.Fatal(err)
	}
	msg := make([]byte, 21, 21+len(body))
	msg = append(msg, body...)
	binary.LittleEndian.PutUint32(msg[0:4], uint32(len(msg)))
	binary.LittleEndian.PutUint32(msg[4:8], requestID)
	binary.LittleEndian.PutUint32(msg[12:16], opMsg)
	msg[20] = 0 // kind 0: the command document
	return msg
}

func command(t *testing.T, pairs ...any) *wirebson.Document {
	t.Helper()
	doc, err := wirebson.NewDocument(pairs...)
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

// A backend that takes every message and answers none: what reaches it is what the front let through.
func silentBackend(t *testing.T) (string, *atomic.Int32) {
	t.Helper()
	sock := filepath.Join(t.TempDir(), "backend.sock")
	ln, err := net.Listen("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	var arrived atomic.Int32
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go func() {
				r := bufio.NewReader(c)
				for {
					if _, err := readMessage(r); err != nil {
						return
					}
					arrived.Add(1)
				}
			}()
		}
	}()
	return sock, &arrived
}

func startFront(t *testing.T, backend string) string {
	t.Helper()
	front, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { front.Close() })
	go serveWrites(front, backend, slog.New(slog.NewTextHandler(io.Discard, nil)))
	return front.Addr().String()
}

// sendChange opens a client and sends one `kind` command on collection number i (each its own collection,
// so collection turns never hold it back); the client is closed at the test's end.
func sendChange(t *testing.T, addr string, i int, kind string) net.Conn {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	if _, err := c.Write(opMsgOf(t, uint32(i+1), command(t, kind, "c"+string(rune('a'+i)), "$db", "salon"))); err != nil {
		t.Fatal(err)
	}
	return c
}

func waitFor(arrived *atomic.Int32, want int32) int32 {
	deadline := time.Now().Add(2 * time.Second)
	for arrived.Load() < want && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	time.Sleep(100 * time.Millisecond) // and nothing more than that comes
	return arrived.Load()
}

func TestWhenManyUpdatesOfDifferentCollectionsAreInFlightThenOnlyTheSlotsReachFerretDB(t *testing.T) {
	backend, arrived := silentBackend(t)
	addr := startFront(t, backend)
	// One client per collection: their collection locks never meet, only the slots hold them back.
	for i := range changeSlots + 8 {
		kind := "update"
		if i%2 == 1 {
			kind = "findAndModify"
		}
		sendChange(t, addr, i, kind)
	}
	if got := waitFor(arrived, changeSlots); got != changeSlots {
		t.Fatalf("%d updates reached FerretDB, want %d (the slots)", got, changeSlots)
	}
}

func TestWhenTheSlotsAreTakenThenReadsInsertsAndIndexBuildsStillPass(t *testing.T) {
	backend, arrived := silentBackend(t)
	addr := startFront(t, backend)
	for i := range changeSlots {
		sendChange(t, addr, i, "update")
	}
	waitFor(arrived, changeSlots)
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	// One connection at a time, as drivers do; nothing answers, so each is written without waiting.
	for i, cmd := range []*wirebson.Document{
		command(t, "find", "ca", "$db", "salon"),
		command(t, "insert", "ca", "$db", "salon"),
		command(t, "createIndexes", "ca", "$db", "salon"),
	} {
		if _, err := c.Write(opMsgOf(t, uint32(100+i), cmd)); err != nil {
			t.Fatal(err)
		}
	}
	if got := waitFor(arrived, changeSlots+3); got != changeSlots+3 {
		t.Fatalf("%d messages reached FerretDB, want %d", got, changeSlots+3)
	}
}

func TestWhenAClientHoldingASlotGoesAwayThenItsSlotIsFreed(t *testing.T) {
	backend, arrived := silentBackend(t)
	addr := startFront(t, backend)
	first := sendChange(t, addr, 0, "update")
	for i := 1; i <= changeSlots; i++ {
		sendChange(t, addr, i, "update")
	}
	waitFor(arrived, changeSlots)
	first.Close()
	if got := waitFor(arrived, changeSlots+1); got != changeSlots+1 {
		t.Fatalf("%d updates reached FerretDB after a client left, want %d", got, changeSlots+1)
	}
}
