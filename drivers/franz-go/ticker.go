package main

import (
	"math"
	"sync"
	"time"
)

// Ticker emits interval k at start + (k+1)*intervalNanos, the times Java's IntervalTicker rolls its own intervals at,
// so that kbench adds interval k of every driver to its own interval k.
type Ticker struct {
	run  *Run
	quit chan struct{}
	done chan struct{}
	mu   sync.Mutex
	next int
	last Counts
}

func newTicker(run *Run) *Ticker {
	return &Ticker{run: run, quit: make(chan struct{}), done: make(chan struct{})}
}

func (t *Ticker) loop() {
	defer close(t.done)
	interval := *t.run.slice.IntervalNanos
	for {
		t.mu.Lock()
		k := t.next
		t.mu.Unlock()
		deadline := t.run.start + int64(k+1)*interval
		timer := time.NewTimer(time.Duration(max(0, deadline-t.run.clock.Nanos())))
		select {
		case <-t.quit:
			timer.Stop()
			return
		case <-timer.C:
		}
		// A timer fires early by nothing and late by the scheduler's delay: wait out any remainder.
		for now := t.run.clock.Nanos(); now < deadline; now = t.run.clock.Nanos() {
			time.Sleep(time.Duration(deadline - now))
		}
		t.run.events.emit(t.run.intervalEventFrom(t, k, deadline, false))
	}
}

// end stops the ticker; t.next is then the interval still open (the final, partial one).
func (t *Ticker) end() {
	close(t.quit)
	<-t.done
}

// intervalEventFrom builds interval k's event and advances the ticker's state (counts are deltas).
func (run *Run) intervalEventFrom(t *Ticker, k int, endNanos int64, final bool) map[string]any {
	t.mu.Lock()
	defer t.mu.Unlock()
	now := run.metrics.counts()
	delta := now.minus(t.last)
	t.last = now
	t.next = k + 1
	m := run.metrics
	return map[string]any{"type": "interval", "index": k, "endNanos": endNanos, "final": final,
		"counts": delta, "errors": m.takeErrors(),
		"histograms": map[string]string{"publish": m.publish.TakeEncoded(), "sendDelay": m.sendDelay.TakeEncoded(),
			"endToEnd": m.endToEnd.TakeEncoded(), "warmupPublish": m.warmupPublish.TakeEncoded()},
		"cpuNanos":               cpuNanos(),
		"firstMeasuredSendNanos": nullable(m.firstMeasuredSend.Load(), math.MaxInt64),
		"lastMeasuredAckNanos":   nullable(m.lastMeasuredAck.Load(), math.MinInt64),
		"firstRecordNanos":       nullable(m.firstRecord.Load(), math.MaxInt64),
		"lastRecordNanos":        nullable(m.lastRecord.Load(), math.MinInt64)}
}
