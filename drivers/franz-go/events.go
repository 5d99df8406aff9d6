package main

import (
	"encoding/json"
	"io"
	"sync"
)

// Events writes the contract's events to standard output, one JSON object per line, whole lines only.
type Events struct {
	mu  sync.Mutex
	out io.Writer
}

func (e *Events) emit(event map[string]any) {
	line, err := json.Marshal(event)
	if err != nil {
		panic("event: " + err.Error()) // maps of numbers and strings always marshal
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	_, _ = e.out.Write(append(line, '\n'))
}

// Counts are the contract's counters, cumulative; an interval reports the difference to the previous one.
type Counts struct {
	ProducedRecords       int64 `json:"producedRecords"`
	ProducedBytes         int64 `json:"producedBytes"`
	ProducedMeasured      int64 `json:"producedMeasured"`
	ProducedMeasuredBytes int64 `json:"producedMeasuredBytes"`
	ConsumedRecords       int64 `json:"consumedRecords"`
	ConsumedBytes         int64 `json:"consumedBytes"`
	ConsumedMeasured      int64 `json:"consumedMeasured"`
	ConsumedMeasuredBytes int64 `json:"consumedMeasuredBytes"`
}

func (c Counts) minus(o Counts) Counts {
	return Counts{c.ProducedRecords - o.ProducedRecords, c.ProducedBytes - o.ProducedBytes,
		c.ProducedMeasured - o.ProducedMeasured, c.ProducedMeasuredBytes - o.ProducedMeasuredBytes,
		c.ConsumedRecords - o.ConsumedRecords, c.ConsumedBytes - o.ConsumedBytes,
		c.ConsumedMeasured - o.ConsumedMeasured, c.ConsumedMeasuredBytes - o.ConsumedMeasuredBytes}
}

// nullable is a reading, or JSON null while there is none (the sentinel).
func nullable(v, none int64) any {
	if v == none {
		return nil
	}
	return v
}
