//! The contract's clock: `CLOCK_MONOTONIC` plus the slice's offset (docs/drivers.md#the-clock), the clock HotSpot's
//! `System.nanoTime` reads on Linux, so a stamp written here is read by a Java consumer on its own clock. glibc's
//! `clock_gettime` is served by the vDSO: no system call per reading.

/// Readings of `CLOCK_MONOTONIC` in nanoseconds plus a fixed offset (0 on a local run).
#[derive(Debug, Clone, Copy)]
pub struct Clock {
    offset: i64,
}

impl Clock {
    pub fn new(offset_nanos: i64) -> Clock {
        Clock { offset: offset_nanos }
    }

    /// The current reading.
    pub fn nanos(&self) -> i64 {
        monotonic_now() + self.offset
    }
}

/// One `clock_gettime(CLOCK_MONOTONIC)` reading.
pub fn monotonic_now() -> i64 {
    let mut ts = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: ts is a valid, writable timespec; CLOCK_MONOTONIC always exists on Linux.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_MONOTONIC, &mut ts) };
    assert_eq!(rc, 0, "clock_gettime(CLOCK_MONOTONIC) failed");
    ts.tv_sec * 1_000_000_000 + ts.tv_nsec
}

/// This process's user plus system CPU time so far (`getrusage(RUSAGE_SELF)`): the contract's `cpuNanos`. It counts
/// every thread, librdkafka's own included, which is the client's cost the driver reports.
pub fn cpu_nanos() -> i64 {
    // SAFETY: an all-zero rusage is a valid value; getrusage only writes into it.
    let mut ru: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: ru is a valid, writable rusage.
    if unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut ru) } != 0 {
        return -1;
    }
    let micros = |t: libc::timeval| t.tv_sec * 1_000_000 + t.tv_usec;
    (micros(ru.ru_utime) + micros(ru.ru_stime)) * 1000
}
