package main

import (
	"bytes"
	"encoding/binary"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"sync"
)

// Send outcomes, as Java's SendLog codes them.
const (
	statePending       = 0
	stateAcknowledged  = 1
	stateFailed        = 2
	stateIndeterminate = 3
	// maxRuns is Java's SendLog.MAX_RUNS: positions are kept for at most this many runs per thread; they only serve
	// as examples of lost records.
	maxRuns = 1 << 20
)

type ackRun struct {
	firstSeq, firstOffset int64
	partition             int32
	length                int64
}

// SendLog is one producer thread's send outcomes by sequence number, written as the contract's file
// (docs/drivers.md#send-log-file). Only verified runs keep one; a mutex guards it, since the sending goroutine and the
// client's promise goroutine both write.
type SendLog struct {
	mu       sync.Mutex
	producer int
	states   []byte
	runs     []ackRun
	openRun  map[int32]int
}

func newSendLog(producer int) *SendLog {
	return &SendLog{producer: producer, openRun: map[int32]int{}}
}

// sending records that seq (0, 1, 2, ...) is about to be sent.
func (l *SendLog) sending(seq int64) {
	l.mu.Lock()
	for int64(len(l.states)) <= seq {
		l.states = append(l.states, statePending)
	}
	l.mu.Unlock()
}

// acknowledged records seq at offset of partition (offset -1: none given, acks=0).
func (l *SendLog) acknowledged(seq int64, partition int32, offset int64) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.states[seq] = stateAcknowledged
	if offset < 0 {
		return
	}
	if i, ok := l.openRun[partition]; ok {
		r := &l.runs[i]
		if r.firstSeq+r.length == seq && r.firstOffset+r.length == offset {
			r.length++
			return
		}
	}
	if len(l.runs) == maxRuns {
		delete(l.openRun, partition)
		return
	}
	l.runs = append(l.runs, ackRun{firstSeq: seq, firstOffset: offset, partition: partition, length: 1})
	l.openRun[partition] = len(l.runs) - 1
}

// failed records that seq's send failed; mayBeWritten: the record may still be in the log (indeterminate).
func (l *SendLog) failed(seq int64, mayBeWritten bool) {
	l.mu.Lock()
	if mayBeWritten {
		l.states[seq] = stateIndeterminate
	} else {
		l.states[seq] = stateFailed
	}
	l.mu.Unlock()
}

// encode is the contract's file: header, then maximal runs of equal state (and, acknowledged, one partition at
// consecutive offsets) over sequences 0 .. sent-1, so one outcome history has exactly one file.
func (l *SendLog) encode() []byte {
	l.mu.Lock()
	defer l.mu.Unlock()
	runs := append([]ackRun(nil), l.runs...)
	sort.Slice(runs, func(a, b int) bool { return runs[a].firstSeq < runs[b].firstSeq })
	var out bytes.Buffer
	out.WriteString("KBSL")
	_ = binary.Write(&out, binary.BigEndian, uint32(1))
	_ = binary.Write(&out, binary.BigEndian, uint32(l.producer))
	_ = binary.Write(&out, binary.BigEndian, uint64(len(l.states)))
	type run struct {
		first, count int64
		state        byte
		partition    int32
		offset       int64
	}
	var open *run
	flush := func() {
		if open != nil {
			_ = binary.Write(&out, binary.BigEndian, uint64(open.first))
			_ = binary.Write(&out, binary.BigEndian, uint32(open.count))
			out.WriteByte(open.state)
			_ = binary.Write(&out, binary.BigEndian, open.partition)
			_ = binary.Write(&out, binary.BigEndian, open.offset)
		}
	}
	next := 0
	for seq, state := range l.states {
		s := int64(seq)
		partition, offset := int32(-1), int64(-1)
		if state == stateAcknowledged {
			for next < len(runs) && runs[next].firstSeq+runs[next].length <= s {
				next++
			}
			if next < len(runs) && runs[next].firstSeq <= s {
				partition, offset = runs[next].partition, runs[next].firstOffset+(s-runs[next].firstSeq)
			}
		}
		if open != nil && open.state == state && open.partition == partition &&
			((offset < 0 && open.offset < 0) || (offset >= 0 && open.offset >= 0 && open.offset+open.count == offset)) {
			open.count++
			continue
		}
		flush()
		open = &run{first: s, count: 1, state: state, partition: partition, offset: offset}
	}
	flush()
	return out.Bytes()
}

// write puts the file into dir as sendlog-<producer>.bin and returns its path.
func (l *SendLog) write(dir string) (string, error) {
	path := filepath.Join(dir, "sendlog-"+strconv.Itoa(l.producer)+".bin")
	return path, os.WriteFile(path, l.encode(), 0o600)
}
