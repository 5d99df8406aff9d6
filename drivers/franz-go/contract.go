package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
)

// contractVersion is the driver contract this driver speaks (docs/drivers.md).
const contractVersion = 1

// Slice is the first line kbench writes to standard input: this process's part of the workload.
// Pointer fields are required; a missing one is refused, as an unknown one is (strict on both sides).
type Slice struct {
	Contract         *int              `json:"contract"`
	RunID            *string           `json:"runId"`
	Role             *string           `json:"role"`
	Bootstrap        *string           `json:"bootstrap"`
	Topic            *string           `json:"topic"`
	StampMagic       *int32            `json:"stampMagic"`
	ClockOffsetNanos *int64            `json:"clockOffsetNanos"`
	IntervalNanos    *int64            `json:"intervalNanos"`
	ClientProperties map[string]string `json:"clientProperties"`
	Producers        *ProducerSlice    `json:"producers"`
	Consumers        *ConsumerSlice    `json:"consumers"`
}

// ProducerSlice is the producer threads' part: first..first+count-1 of total.
type ProducerSlice struct {
	First           *int     `json:"first"`
	Count           *int     `json:"count"`
	Total           *int     `json:"total"`
	RatePerThread   *float64 `json:"ratePerThread"`
	WarmupRecords   []int64  `json:"warmupRecords"`
	WarmupNanos     *int64   `json:"warmupNanos"`
	AutoWarmup      *bool    `json:"autoWarmup"`
	MeasuredRecords []int64  `json:"measuredRecords"`
	MeasuredNanos   *int64   `json:"measuredNanos"`
	ValuesFiles     []string `json:"valuesFiles"`
	Keys            *Keys    `json:"keys"`
	Verify          *bool    `json:"verify"`
	SendLogDir      *string  `json:"sendLogDir"`
}

// Keys says which key each record gets: none, round_robin over count keys, or indices from a file per thread.
type Keys struct {
	Type       *string  `json:"type"`
	Count      *int     `json:"count"`
	IndexFiles []string `json:"indexFiles"`
}

// ConsumerSlice is the consumers' part: first..first+count-1, all in one group.
type ConsumerSlice struct {
	First *int    `json:"first"`
	Count *int    `json:"count"`
	Group *string `json:"group"`
}

// refusal is a slice the driver will not run: one line naming the field and the value (exit 2).
type refusal struct{ msg string }

func (r refusal) Error() string { return r.msg }

func refuse(field string, value any, why string) error {
	return refusal{fmt.Sprintf("%s = %v: %s", field, value, why)}
}

// decodeSlice reads one slice strictly: unknown keys, wrong types and missing keys are refusals.
func decodeSlice(line []byte) (*Slice, error) {
	var s Slice
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&s); err != nil {
		var typeErr *json.UnmarshalTypeError
		if errors.As(err, &typeErr) {
			return nil, refuse("slice."+typeErr.Field, typeErr.Value, "must be a JSON "+typeErr.Type.String())
		}
		return nil, refusal{"slice: " + strings.TrimPrefix(err.Error(), "json: ")}
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, refusal{"slice: more than one JSON value on the line"}
	}
	return &s, s.validate()
}

func (s *Slice) validate() error {
	for name, v := range map[string]bool{"contract": s.Contract == nil, "runId": s.RunID == nil,
		"role": s.Role == nil, "bootstrap": s.Bootstrap == nil, "topic": s.Topic == nil,
		"stampMagic": s.StampMagic == nil, "clockOffsetNanos": s.ClockOffsetNanos == nil,
		"intervalNanos": s.IntervalNanos == nil, "clientProperties": s.ClientProperties == nil} {
		if v {
			return refuse("slice."+name, "missing", "required")
		}
	}
	if *s.Contract != contractVersion {
		return refuse("slice.contract", *s.Contract, fmt.Sprintf("this driver speaks contract %d", contractVersion))
	}
	if strings.TrimSpace(*s.Bootstrap) == "" {
		return refuse("slice.bootstrap", "''", "must name at least one host:port")
	}
	if strings.TrimSpace(*s.Topic) == "" {
		return refuse("slice.topic", "''", "must not be empty")
	}
	if *s.IntervalNanos < 1_000_000 {
		return refuse("slice.intervalNanos", *s.IntervalNanos, "must be at least 1 ms")
	}
	switch *s.Role {
	case "producers":
		if s.Producers == nil || s.Consumers != nil {
			return refuse("slice.role", *s.Role, "needs producers and consumers: null")
		}
		return s.Producers.validate()
	case "consumers":
		if s.Consumers == nil || s.Producers != nil {
			return refuse("slice.role", *s.Role, "needs consumers and producers: null")
		}
		return s.Consumers.validate()
	default:
		return refuse("slice.role", *s.Role, "must be producers or consumers")
	}
}

func (p *ProducerSlice) validate() error {
	for name, v := range map[string]bool{"first": p.First == nil, "count": p.Count == nil, "total": p.Total == nil,
		"ratePerThread": p.RatePerThread == nil, "warmupRecords": p.WarmupRecords == nil,
		"warmupNanos": p.WarmupNanos == nil, "autoWarmup": p.AutoWarmup == nil, "valuesFiles": p.ValuesFiles == nil,
		"keys": p.Keys == nil, "verify": p.Verify == nil} {
		if v {
			return refuse("slice.producers."+name, "missing", "required")
		}
	}
	if *p.Count < 1 || *p.First < 0 || *p.First+*p.Count > *p.Total || *p.Total > 65535 {
		return refuse("slice.producers", fmt.Sprintf("first %d, count %d, total %d", *p.First, *p.Count, *p.Total),
			"needs 0 <= first, 1 <= count, first+count <= total <= 65535")
	}
	if !(*p.RatePerThread >= 0) || *p.RatePerThread > 1e12 {
		return refuse("slice.producers.ratePerThread", *p.RatePerThread, "must be 0 (unlimited) or a positive rate")
	}
	if (p.MeasuredRecords == nil) == (p.MeasuredNanos == nil) {
		return refuse("slice.producers.measuredRecords", p.MeasuredRecords, "exactly one of measuredRecords and measuredNanos is given")
	}
	perThread := map[string]int{"warmupRecords": len(p.WarmupRecords), "valuesFiles": len(p.ValuesFiles)}
	if p.MeasuredRecords != nil {
		perThread["measuredRecords"] = len(p.MeasuredRecords)
	}
	for name, n := range perThread {
		if n != *p.Count {
			return refuse("slice.producers."+name, fmt.Sprintf("%d entries", n), fmt.Sprintf("needs one per thread (%d)", *p.Count))
		}
	}
	if *p.Verify && (p.SendLogDir == nil || *p.SendLogDir == "") {
		return refuse("slice.producers.sendLogDir", "null", "verify needs a directory for the send logs")
	}
	k := p.Keys
	if k.Type == nil || k.Count == nil {
		return refuse("slice.producers.keys", "{type, count}", "required")
	}
	switch *k.Type {
	case "none":
	case "round_robin":
		if *k.Count < 1 {
			return refuse("slice.producers.keys.count", *k.Count, "round_robin needs at least one key")
		}
	case "indices":
		if len(k.IndexFiles) != *p.Count || *k.Count < 1 {
			return refuse("slice.producers.keys.indexFiles", len(k.IndexFiles), fmt.Sprintf("indices need one file per thread (%d) and a key count", *p.Count))
		}
	default:
		return refuse("slice.producers.keys.type", *k.Type, "must be none, round_robin or indices")
	}
	return nil
}

func (c *ConsumerSlice) validate() error {
	if c.First == nil || c.Count == nil || c.Group == nil {
		return refuse("slice.consumers", "{first, count, group}", "required")
	}
	if *c.First < 0 || *c.Count < 1 || *c.Group == "" {
		return refuse("slice.consumers", fmt.Sprintf("first %d, count %d, group %q", *c.First, *c.Count, *c.Group),
			"needs 0 <= first, 1 <= count and a group")
	}
	return nil
}

// Control is a line kbench writes after the slice: start, warmup-end, fault-open, fault-close, stop.
type Control struct {
	Type       string `json:"type"`
	StartNanos int64  `json:"startNanos"`
	Nanos      int64  `json:"nanos"`
	Index      int    `json:"index"`
	GraceMs    int64  `json:"graceMs"`
}

func decodeControl(line []byte) (Control, error) {
	var c Control
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&c); err != nil {
		return c, fmt.Errorf("control line %q: %v", truncate(line), err)
	}
	switch c.Type {
	case "start", "warmup-end", "stop":
	case "fault-open", "fault-close":
		if c.Index < 0 || c.Index >= maxFaultWindows {
			return c, fmt.Errorf("control line %q: index must be 0..%d", truncate(line), maxFaultWindows-1)
		}
	default:
		return c, fmt.Errorf("control line %q: unknown type", truncate(line))
	}
	return c, nil
}

func truncate(line []byte) string {
	if len(line) > 80 {
		return string(line[:80]) + "..."
	}
	return string(line)
}
