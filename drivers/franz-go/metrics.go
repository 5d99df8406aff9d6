package main

import (
	"math"
	"sync"
	"sync/atomic"
)

// Metrics is what this process measures, read by the interval ticker: counters (atomics), error counts by name,
// the four histograms and the windows' bounds.
type Metrics struct {
	producedRecords, producedBytes, producedMeasured, producedMeasuredBytes atomic.Int64
	consumedRecords, consumedBytes, consumedMeasured, consumedMeasuredBytes atomic.Int64

	publish, sendDelay, endToEnd, warmupPublish *Recorder

	firstMeasuredSend, lastMeasuredAck atomic.Int64
	firstRecord, lastRecord            atomic.Int64

	errMu          sync.Mutex
	measuredErrors map[string]int64
	warmupErrors   map[string]int64

	faults *FaultWindows
}

func newMetrics() *Metrics {
	m := &Metrics{publish: newRecorder(), sendDelay: newRecorder(), endToEnd: newRecorder(),
		warmupPublish: newRecorder(), measuredErrors: map[string]int64{}, warmupErrors: map[string]int64{},
		faults: newFaultWindows()}
	m.firstMeasuredSend.Store(math.MaxInt64)
	m.lastMeasuredAck.Store(math.MinInt64)
	m.firstRecord.Store(math.MaxInt64)
	m.lastRecord.Store(math.MinInt64)
	return m
}

func (m *Metrics) counts() Counts {
	return Counts{m.producedRecords.Load(), m.producedBytes.Load(), m.producedMeasured.Load(),
		m.producedMeasuredBytes.Load(), m.consumedRecords.Load(), m.consumedBytes.Load(),
		m.consumedMeasured.Load(), m.consumedMeasuredBytes.Load()}
}

// countError counts a failed send by its name; only on the failure path, where a lock is affordable.
func (m *Metrics) countError(name string, measured bool) {
	m.errMu.Lock()
	if measured {
		m.measuredErrors[name]++
	} else {
		m.warmupErrors[name]++
	}
	m.errMu.Unlock()
}

// takeErrors returns the errors counted since the last call and starts afresh.
func (m *Metrics) takeErrors() map[string]any {
	m.errMu.Lock()
	defer m.errMu.Unlock()
	out := map[string]any{"measured": m.measuredErrors, "warmup": m.warmupErrors}
	m.measuredErrors = map[string]int64{}
	m.warmupErrors = map[string]int64{}
	return out
}

func storeMin(a *atomic.Int64, v int64) {
	for {
		old := a.Load()
		if v >= old || a.CompareAndSwap(old, v) {
			return
		}
	}
}

func storeMax(a *atomic.Int64, v int64) {
	for {
		old := a.Load()
		if v <= old || a.CompareAndSwap(old, v) {
			return
		}
	}
}

// maxFaultWindows is Java's FaultWindows.MAX_WINDOWS: more faults in one run are not tracked.
const maxFaultWindows = 64

// FaultWindows is Java's SendWindows: the publish latency and failures of measured records whose intended send time
// falls inside a fault's window, and how many measured records were acknowledged inside it (by acknowledgement time:
// a roll step's rate). With no window open it costs one atomic load per record.
type FaultWindows struct {
	starts, ends [maxFaultWindows]atomic.Int64
	failures     [maxFaultWindows]atomic.Int64
	acked        [maxFaultWindows]atomic.Int64
	latencies    [maxFaultWindows]*Recorder
	opened       atomic.Int32
	mu           sync.Mutex
}

func newFaultWindows() *FaultWindows {
	return &FaultWindows{}
}

// open opens window index at nanos; windows are opened in index order, as kbench numbers them.
func (f *FaultWindows) open(index int, nanos int64) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if index != int(f.opened.Load()) {
		return // out of order or twice: kbench opens 0, 1, 2, ...; ignored rather than misfiled
	}
	f.latencies[index] = newRecorder()
	f.starts[index].Store(nanos)
	f.ends[index].Store(math.MaxInt64)
	f.opened.Store(int32(index + 1)) // published last: a reader that sees the count sees the bounds
}

// close ends window index at nanos; the first close wins.
func (f *FaultWindows) close(index int, nanos int64) {
	if index < int(f.opened.Load()) {
		f.ends[index].CompareAndSwap(math.MaxInt64, nanos)
	}
}

// acknowledged files a measured record acknowledged latencyNanos after its intended time: its latency into the
// windows its intended time falls in, its acknowledgement into those its acknowledgement time falls in. That time is
// the intended time plus the latency truncated to whole microseconds, exactly as Java's SendWindows computes it.
func (f *FaultWindows) acknowledged(intended, latencyNanos int64) {
	n := int(f.opened.Load())
	ack := intended + latencyNanos/1000*1000
	for i := 0; i < n; i++ {
		start, end := f.starts[i].Load(), f.ends[i].Load()
		if intended >= start && intended < end {
			f.latencies[i].Record(latencyNanos)
		}
		if ack >= start && ack < end {
			f.acked[i].Add(1)
		}
	}
}

func (f *FaultWindows) failed(intended int64) {
	n := int(f.opened.Load())
	for i := 0; i < n; i++ {
		if intended >= f.starts[i].Load() && intended < f.ends[i].Load() {
			f.failures[i].Add(1)
		}
	}
}

// report is done.faults: one entry per window opened.
func (f *FaultWindows) report() []map[string]any {
	n := int(f.opened.Load())
	out := make([]map[string]any, 0, n)
	for i := 0; i < n; i++ {
		out = append(out, map[string]any{"index": i, "publish": f.latencies[i].TakeEncoded(),
			"failures": f.failures[i].Load(), "acknowledged": f.acked[i].Load()})
	}
	return out
}
