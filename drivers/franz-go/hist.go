package main

import (
	"sync"

	hdrhistogram "github.com/HdrHistogram/hdrhistogram-go"
)

// Recorder is one latency histogram recorded from many goroutines and swapped out per interval. hdrhistogram-go has
// no concurrent recorder (Java's Recorder), so recording takes a mutex: uncontended it costs tens of nanoseconds.
type Recorder struct {
	mu      sync.Mutex
	current *hdrhistogram.Histogram
	spare   *hdrhistogram.Histogram
}

func newHistogram() *hdrhistogram.Histogram {
	return hdrhistogram.New(lowestMicros, highestMicros, significantDigits)
}

func newRecorder() *Recorder {
	return &Recorder{current: newHistogram(), spare: newHistogram()}
}

// Record records one latency given in nanoseconds (the contract's rule: latencyMicros).
func (r *Recorder) Record(nanos int64) {
	micros := latencyMicros(nanos)
	r.mu.Lock()
	// In range by construction (latencyMicros clamps), so RecordValue cannot fail.
	_ = r.current.RecordValue(micros)
	r.mu.Unlock()
}

// TakeEncoded swaps out everything recorded since the last call and returns it in the contract's form: the payload
// column of an .hlog line (V2 compressed, base64).
func (r *Recorder) TakeEncoded() string {
	r.mu.Lock()
	taken := r.current
	r.current = r.spare
	r.mu.Unlock()
	text := encode(taken)
	taken.Reset()
	r.mu.Lock()
	r.spare = taken
	r.mu.Unlock()
	return text
}

func encode(h *hdrhistogram.Histogram) string {
	b, err := h.Encode(hdrhistogram.V2CompressedEncodingCookieBase)
	if err != nil {
		panic("encoding a histogram: " + err.Error()) // only on an unknown version: a programming error
	}
	return string(b)
}
