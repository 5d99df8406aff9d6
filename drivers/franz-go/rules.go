package main

import (
	"encoding/binary"
	"math"
)

// The byte layout of the stamp at the start of each value (Java's io.kbench.load.Stamp), big-endian:
//
//	0      4       5          7      8             16                24
//	| magic | phase | producer | (0)  | send nanos  | sequence       |
const (
	stampBytes     = 16
	stampIDBytes   = 24
	phaseOffset    = 4
	producerOffset = 5
	timeOffset     = 8
	sequenceOffset = 16
	phaseMeasured  = 1
	phaseAborted   = 2
)

// writeStamp stamps value as the Java producers do; a value shorter than 16 bytes is left as it is.
func writeStamp(value []byte, magic int32, measured bool, sendNanos int64) {
	if len(value) < stampBytes {
		return
	}
	binary.BigEndian.PutUint32(value, uint32(magic))
	value[phaseOffset] = 0
	if measured {
		value[phaseOffset] = phaseMeasured
	}
	binary.BigEndian.PutUint64(value[timeOffset:], uint64(sendNanos))
}

// writeStampID adds the record id of a verified run (the value is at least 24 bytes: kbench checks before it starts).
func writeStampID(value []byte, producer int, sequence int64) {
	binary.BigEndian.PutUint16(value[producerOffset:], uint16(producer))
	binary.BigEndian.PutUint64(value[sequenceOffset:], uint64(sequence))
}

// stampOf reads a value's stamp: whether it is this run's (magic), measured, and its intended send time.
func stampOf(value []byte, magic int32) (ours bool, measured bool, sendNanos int64) {
	if len(value) < stampBytes || int32(binary.BigEndian.Uint32(value)) != magic {
		return false, false, 0
	}
	return true, value[phaseOffset]&phaseMeasured != 0, int64(binary.BigEndian.Uint64(value[timeOffset:]))
}

// Schedule is Java's RateSchedule: record i of a thread is due at first + trunc(i * period), with
// first = start + round(phase * period), fixed in advance so that a stall is charged to every record it delayed
// (coordinated omission, Gil Tene's "How NOT to Measure Latency"), not dropped from the sample.
type Schedule struct {
	first  int64
	period float64
}

func newSchedule(ratePerThread float64, startNanos int64, phase float64) Schedule {
	period := 1e9 / ratePerThread
	// Java's Math.round is half up; for phase*period >= 0 that is math.Round (half away from zero).
	return Schedule{first: startNanos + int64(math.Round(phase*period)), period: period}
}

// Intended is when record index (0-based) is due. The product is a double and truncates toward zero, as Java's
// (long) (index * periodNanos) does.
func (s Schedule) Intended(index int64) int64 {
	return s.first + int64(float64(index)*s.period)
}

// Latencies are recorded in whole microseconds into histograms of kbench's one shape (Java's LatencyRecorder):
// 1 .. 3,600,000,000 us at 3 significant digits. kbench refuses a histogram of any other shape.
const (
	lowestMicros      = 1
	highestMicros     = 3_600_000_000
	significantDigits = 3
)

// latencyMicros is (reading - intended) in whole microseconds, truncated toward zero, a negative value as 0 and
// anything beyond an hour as an hour.
func latencyMicros(nanos int64) int64 {
	micros := nanos / 1000
	if micros < 0 {
		return 0
	}
	if micros > highestMicros {
		return highestMicros
	}
	return micros
}
