package main

import (
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// Clock reads CLOCK_MONOTONIC plus the slice's offset (docs/drivers.md#the-clock), the clock HotSpot's System.nanoTime
// reads on Linux, so a stamp written here is read by a Java consumer on its own clock.
//
// A clock_gettime system call per record would cost more than the rest of the send; the Go runtime's monotonic clock
// is CLOCK_MONOTONIC read through the vDSO on Linux, so one anchor read of both, then time.Since, gives the same
// readings at the runtime's speed.
type Clock struct {
	anchor int64
	base   time.Time
}

func newClock(offsetNanos int64) *Clock {
	before := monotonicNow()
	base := time.Now()
	after := monotonicNow()
	return &Clock{anchor: before + (after-before)/2 + offsetNanos, base: base}
}

// Nanos is the current reading.
func (c *Clock) Nanos() int64 {
	return c.anchor + int64(time.Since(c.base))
}

// monotonicNow is one clock_gettime(CLOCK_MONOTONIC) system call.
func monotonicNow() int64 {
	var ts unix.Timespec
	if err := unix.ClockGettime(unix.CLOCK_MONOTONIC, &ts); err != nil {
		panic("clock_gettime(CLOCK_MONOTONIC): " + err.Error())
	}
	return ts.Nano()
}

// cpuNanos is this process's user plus system CPU time so far (getrusage RUSAGE_SELF), the contract's cpuNanos.
func cpuNanos() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return -1
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
