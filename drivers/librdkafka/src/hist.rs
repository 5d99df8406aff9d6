//! Latency histograms: recorded from many threads, swapped out per interval and handed over in the contract's form,
//! the payload column of an `.hlog` line (HdrHistogram's V2 compressed encoding, cookie 0x1c849314, in base64).

use crate::rules::{latency_micros, HIGHEST_MICROS, LOWEST_MICROS, SIGNIFICANT_DIGITS};
use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use hdrhistogram::serialization::{Serializer, V2DeflateSerializer};
use hdrhistogram::Histogram;
use std::sync::Mutex;

/// A histogram of kbench's one shape: 1 .. 3,600,000,000 us at 3 significant digits.
pub fn new_histogram() -> Histogram<u64> {
    Histogram::new_with_bounds(LOWEST_MICROS, HIGHEST_MICROS, SIGNIFICANT_DIGITS)
        .expect("kbench's histogram shape is valid")
}

/// One latency histogram recorded from several threads. The Rust port has no concurrent recorder (Java's
/// `Recorder`), so recording takes a mutex: uncontended, tens of nanoseconds.
pub struct Recorder {
    current: Mutex<Histogram<u64>>,
}

impl Default for Recorder {
    fn default() -> Self {
        Recorder {
            current: Mutex::new(new_histogram()),
        }
    }
}

impl Recorder {
    /// Records one latency given in nanoseconds, by the contract's rule (`latency_micros`).
    pub fn record(&self, nanos: i64) {
        let micros = latency_micros(nanos);
        let mut h = self.current.lock().unwrap_or_else(|e| e.into_inner());
        // In range by construction (latency_micros clamps), so recording cannot fail.
        let _ = h.record(micros);
    }

    /// Swaps out everything recorded since the last call and returns it encoded.
    pub fn take_encoded(&self) -> String {
        let fresh = new_histogram();
        let taken = {
            let mut h = self.current.lock().unwrap_or_else(|e| e.into_inner());
            std::mem::replace(&mut *h, fresh)
        };
        encode(&taken)
    }
}

/// HdrHistogram's V2 compressed encoding in base64, which Java's `Histogram.decodeFromCompressedByteBuffer` and
/// `HistogramLogReader` read: the same cookie and header fields in Java's order (the deflate bytes may differ).
pub fn encode(h: &Histogram<u64>) -> String {
    let mut bytes = Vec::new();
    V2DeflateSerializer::new()
        .serialize(h, &mut bytes)
        .expect("encoding a histogram into memory cannot fail");
    STANDARD.encode(bytes)
}
