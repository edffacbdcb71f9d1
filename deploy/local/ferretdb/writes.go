package main

// FerretDB v1 runs an update as a query and then, in another statement, a write of the whole document it
// read. Two writes to one document at once therefore lose one: 20 parallel $set of different fields kept
// 2-4 of them, 30 parallel $inc handed out 10 numbers, and a conditional update ({status: 'pending'} ->
// 'accepted') let 11 of 30 through. MongoDB applies each write to a document atomically, and the services
// are written for MongoDB. So clients talk to this front, which passes every byte through unchanged and
// runs one document-changing command per collection at a time: an update, findAndModify or single-document
// delete waits until the previous one of its collection has been answered. Reads, inserts (their uniqueness
// is PostgreSQL's own index) and deleteMany (cleanups by age, whose scans would hold a collection for
// seconds) are not held.

import (
	"bufio"
	"encoding/binary"
	"errors"
	"io"
	"log/slog"
	"net"
	"strings"
	"sync"

	"github.com/FerretDB/wire/wirebson"
)

const opMsg = 2013

// heldCommands change documents they first read.
var heldCommands = map[string]bool{"update": true, "findandmodify": true, "delete": true} // delete: only limit 1

// slotCommands keep their query's PostgreSQL connection while they take FerretDB's metadata lock to write
// (its update and findAndModify; a delete closes its query first). With every connection of FerretDB's pool
// (50) held so, an index build or collection create holding that lock waits for a 51st forever: FerretDB
// hung when six services started at once (a goroutine dump: 44 updates holding connections, waiting for the
// lock; the index build holding it, waiting for a connection). At most changeSlots of them run at a time,
// so connections are always left over.
var slotCommands = map[string]bool{"update": true, "findandmodify": true}

const changeSlots = 16

// collectionLocks hands out one lock per database and collection.
type collectionLocks struct {
	mu    sync.Mutex
	locks map[string]chan struct{}
	// slots: one taken by each slotCommands command until it is answered.
	slots chan struct{}
}

func (l *collectionLocks) of(key string) chan struct{} {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.locks == nil {
		l.locks = map[string]chan struct{}{}
	}
	ch, ok := l.locks[key]
	if !ok {
		ch = make(chan struct{}, 1)
		l.locks[key] = ch
	}
	return ch
}

// serveWrites accepts clients on front and connects each to FerretDB at backend (a Unix socket).
func serveWrites(front net.Listener, backend string, log *slog.Logger) {
	locks := &collectionLocks{slots: make(chan struct{}, changeSlots)}
	for {
		client, err := front.Accept()
		if err != nil {
			if !errors.Is(err, net.ErrClosed) {
				log.Error("accept", "err", err)
			}
			return
		}
		go relay(client, backend, locks, log)
	}
}

// relay passes one client's messages to its own FerretDB connection and the answers back. A held
// command's lock is released when the answer to it passes, or when either side closes.
func relay(client net.Conn, backend string, locks *collectionLocks, log *slog.Logger) {
	server, err := net.Dial("unix", backend)
	if err != nil {
		log.Error("connect to FerretDB", "err", err)
		client.Close()
		return
	}
	var mu sync.Mutex
	held := map[uint32][]chan struct{}{}
	release := func(requestID uint32, all bool) {
		mu.Lock()
		defer mu.Unlock()
		for id, chs := range held {
			if all || id == requestID {
				for _, ch := range chs {
					<-ch
				}
				delete(held, id)
			}
		}
	}
	closeBoth := func() {
		client.Close()
		server.Close()
	}

	go func() {
		defer closeBoth()
		r := bufio.NewReader(server)
		for {
			msg, err := readMessage(r)
			if err != nil {
				release(0, true)
				return
			}
			responseTo := binary.LittleEndian.Uint32(msg[8:12])
			_, werr := client.Write(msg)
			release(responseTo, false)
			if werr != nil {
				release(0, true)
				return
			}
		}
	}()

	// A lock this side took after the other side had already gone (it waited its turn meanwhile) has no
	// answer coming to release it: let go of everything this connection holds when it ends.
	defer func() {
		closeBoth()
		release(0, true)
	}()
	r := bufio.NewReader(client)
	for {
		msg, err := readMessage(r)
		if err != nil {
			return
		}
		if key, slot := heldTarget(msg); key != "" {
			// The collection's turn first, then a slot: a slot is never held while waiting for a turn.
			chs := []chan struct{}{locks.of(key)}
			if slot {
				chs = append(chs, locks.slots)
			}
			for _, ch := range chs {
				ch <- struct{}{}
			}
			mu.Lock()
			held[binary.LittleEndian.Uint32(msg[4:8])] = chs
			mu.Unlock()
		}
		if _, err := server.Write(msg); err != nil {
			return
		}
	}
}

// readMessage reads one whole wire message (header included).
func readMessage(r *bufio.Reader) ([]byte, error) {
	var size [4]byte
	if _, err := io.ReadFull(r, size[:]); err != nil {
		return nil, err
	}
	n := binary.LittleEndian.Uint32(size[:])
	if n < 16 || n > 48*1024*1024 {
		return nil, errors.New("bad message length")
	}
	msg := make([]byte, n)
	copy(msg, size[:])
	_, err := io.ReadFull(r, msg[4:])
	return msg, err
}

// heldTarget is "<db>.<collection>" for a command that must wait its turn, else "", and whether it also
// takes one of the change slots.
func heldTarget(msg []byte) (string, bool) {
	if len(msg) < 21 || binary.LittleEndian.Uint32(msg[12:16]) != opMsg {
		return "", false
	}
	// A request with moreToCome gets no answer that would release it (the drivers send none of ours so).
	if binary.LittleEndian.Uint32(msg[16:20])&2 != 0 {
		return "", false
	}
	var body *wirebson.Document
	var deletes []wirebson.RawDocument
	// After the header and the flags, the sections: kind 0 is the command document, kind 1 a sequence of
	// documents (a delete's statements, for one) named by an identifier.
	for at := 20; at+5 <= len(msg); {
		kind := msg[at]
		size := int(binary.LittleEndian.Uint32(msg[at+1 : at+5]))
		if size < 5 || at+1+size > len(msg) {
			break
		}
		section := msg[at+1 : at+1+size]
		switch kind {
		case 0:
			doc, err := wirebson.RawDocument(section).Decode()
			if err != nil {
				return "", false
			}
			body = doc
		case 1:
			deletes = append(deletes, sequenceOf(section[4:], "deletes")...)
		}
		at += 1 + size
	}
	if body == nil || body.Len() == 0 {
		return "", false
	}
	name, value := body.GetByIndex(0)
	collection, ok := value.(string)
	name = strings.ToLower(name)
	if !ok || !heldCommands[name] {
		return "", false
	}
	if name == "delete" {
		if arr, ok := body.Get("deletes").(wirebson.RawArray); ok {
			if a, err := arr.Decode(); err == nil {
				for _, v := range a.All() {
					if d, ok := v.(wirebson.RawDocument); ok {
						deletes = append(deletes, d)
					}
				}
			}
		}
		if !anySingle(deletes) {
			return "", false
		}
	}
	db, _ := body.Get("$db").(string)
	return db + "." + collection, slotCommands[name]
}

// sequenceOf is a kind-1 section's documents when its identifier is `id` (b: after the size).
func sequenceOf(b []byte, id string) []wirebson.RawDocument {
	end := 0
	for end < len(b) && b[end] != 0 {
		end++
	}
	if end == len(b) || string(b[:end]) != id {
		return nil
	}
	var docs []wirebson.RawDocument
	for at := end + 1; at+4 <= len(b); {
		n := int(binary.LittleEndian.Uint32(b[at : at+4]))
		if n < 5 || at+n > len(b) {
			break
		}
		docs = append(docs, wirebson.RawDocument(b[at:at+n]))
		at += n
	}
	return docs
}

// anySingle: does a statement delete at most one document (limit 1)?
func anySingle(statements []wirebson.RawDocument) bool {
	for _, raw := range statements {
		doc, err := raw.Decode()
		if err != nil {
			return true
		}
		switch limit := doc.Get("limit").(type) {
		case int32:
			if limit == 1 {
				return true
			}
		case int64:
			if limit == 1 {
				return true
			}
		case float64:
			if limit == 1 {
				return true
			}
		}
	}
	return false
}
