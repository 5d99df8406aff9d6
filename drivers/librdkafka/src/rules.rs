//! The rules every driver keeps (docs/drivers.md, "The rules every driver keeps"): the stamp layout, the schedule and
//! the latency rule, ports of Java's `Stamp`, `RateSchedule` and `LatencyRecorder`, pinned by drivers/testdata.

// The byte layout of the stamp at the start of each value (Java's io.kbench.load.Stamp), big-endian:
//
//   0      4       5          7      8             16                24
//   | magic | phase | producer | (0)  | send nanos  | sequence       |
pub const STAMP_BYTES: usize = 16;
pub const STAMP_ID_BYTES: usize = 24;
const PHASE_OFFSET: usize = 4;
const PRODUCER_OFFSET: usize = 5;
const TIME_OFFSET: usize = 8;
const SEQUENCE_OFFSET: usize = 16;
const PHASE_MEASURED: u8 = 1;
#[cfg(test)]
pub const PHASE_ABORTED: u8 = 2;

/// Stamps `value` as the Java producers do; a value shorter than 16 bytes is left as it is.
pub fn write_stamp(value: &mut [u8], magic: i32, measured: bool, send_nanos: i64) {
    if value.len() < STAMP_BYTES {
        return;
    }
    value[..4].copy_from_slice(&magic.to_be_bytes());
    value[PHASE_OFFSET] = if measured { PHASE_MEASURED } else { 0 };
    value[TIME_OFFSET..TIME_OFFSET + 8].copy_from_slice(&send_nanos.to_be_bytes());
}

/// Adds the record id of a verified run (the value is at least 24 bytes: the driver checks before it starts).
pub fn write_stamp_id(value: &mut [u8], producer: u16, sequence: i64) {
    value[PRODUCER_OFFSET..PRODUCER_OFFSET + 2].copy_from_slice(&producer.to_be_bytes());
    value[SEQUENCE_OFFSET..SEQUENCE_OFFSET + 8].copy_from_slice(&sequence.to_be_bytes());
}

/// A value's stamp if it is this run's (`magic`): whether it is measured, and its intended send time.
pub fn stamp_of(value: &[u8], magic: i32) -> Option<(bool, i64)> {
    if value.len() < STAMP_BYTES || i32::from_be_bytes(value[..4].try_into().ok()?) != magic {
        return None;
    }
    let sent = i64::from_be_bytes(value[TIME_OFFSET..TIME_OFFSET + 8].try_into().ok()?);
    Some((value[PHASE_OFFSET] & PHASE_MEASURED != 0, sent))
}

/// The phase byte of a stamped value (bit 0 measured, bit 1 aborted).
#[cfg(test)]
pub fn phase_of(value: &[u8]) -> u8 {
    value[PHASE_OFFSET]
}

/// The record id of a verified value: its sequence number.
pub fn sequence_of(value: &[u8]) -> Option<i64> {
    let bytes = value.get(SEQUENCE_OFFSET..SEQUENCE_OFFSET + 8)?;
    Some(i64::from_be_bytes(bytes.try_into().ok()?))
}

/// Java's RateSchedule: record i of a thread is due at `first + trunc(i * period)`, with
/// `first = start + round(phase * period)`, fixed in advance so that a stall is charged to every record it delayed
/// (coordinated omission, Gil Tene's "How NOT to Measure Latency"), not dropped from the sample.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Schedule {
    first: i64,
    period: f64,
}

impl Schedule {
    pub fn new(rate_per_thread: f64, start_nanos: i64, phase: f64) -> Schedule {
        let period = 1e9 / rate_per_thread;
        // Java's Math.round is half up; phase * period >= 0, where f64::round (half away from zero) is the same.
        Schedule {
            first: start_nanos + (phase * period).round() as i64,
            period,
        }
    }

    /// When record `index` (0-based) is due: the product in double precision, truncated toward zero, as Java's
    /// `(long) (index * periodNanos)`.
    pub fn intended(&self, index: i64) -> i64 {
        self.first + (index as f64 * self.period) as i64
    }
}

// Latencies are recorded in whole microseconds into histograms of kbench's one shape (Java's LatencyRecorder):
// 1 .. 3,600,000,000 us at 3 significant digits. kbench refuses a histogram of any other shape.
pub const LOWEST_MICROS: u64 = 1;
pub const HIGHEST_MICROS: u64 = 3_600_000_000;
pub const SIGNIFICANT_DIGITS: u8 = 3;

/// `(reading - intended)` in whole microseconds, truncated toward zero, a negative value as 0 and anything beyond an
/// hour as an hour.
pub fn latency_micros(nanos: i64) -> u64 {
    let micros = nanos / 1000;
    if micros < 0 {
        0
    } else {
        (micros as u64).min(HIGHEST_MICROS)
    }
}
