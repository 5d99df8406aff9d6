//! What this process measures, read by the interval ticker: counters (atomics), error counts by name, the four
//! histograms, the windows' bounds and the fault windows.

use crate::contract::MAX_FAULT_WINDOWS;
use crate::hist::Recorder;
use serde::Serialize;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicI64, AtomicUsize, Ordering::Relaxed, Ordering::SeqCst};
use std::sync::{Mutex, RwLock};

/// The contract's counters; an interval reports the difference to the previous one.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Counts {
    pub produced_records: i64,
    pub produced_bytes: i64,
    pub produced_measured: i64,
    pub produced_measured_bytes: i64,
    pub consumed_records: i64,
    pub consumed_bytes: i64,
    pub consumed_measured: i64,
    pub consumed_measured_bytes: i64,
}

impl Counts {
    pub fn minus(&self, o: &Counts) -> Counts {
        Counts {
            produced_records: self.produced_records - o.produced_records,
            produced_bytes: self.produced_bytes - o.produced_bytes,
            produced_measured: self.produced_measured - o.produced_measured,
            produced_measured_bytes: self.produced_measured_bytes - o.produced_measured_bytes,
            consumed_records: self.consumed_records - o.consumed_records,
            consumed_bytes: self.consumed_bytes - o.consumed_bytes,
            consumed_measured: self.consumed_measured - o.consumed_measured,
            consumed_measured_bytes: self.consumed_measured_bytes - o.consumed_measured_bytes,
        }
    }
}

#[derive(Default)]
struct ErrorCounts {
    measured: BTreeMap<String, i64>,
    warmup: BTreeMap<String, i64>,
}

/// The process's measurements, shared by the producer or consumer threads and the ticker.
pub struct Metrics {
    pub produced_records: AtomicI64,
    pub produced_bytes: AtomicI64,
    pub produced_measured: AtomicI64,
    pub produced_measured_bytes: AtomicI64,
    pub consumed_records: AtomicI64,
    pub consumed_bytes: AtomicI64,
    pub consumed_measured: AtomicI64,
    pub consumed_measured_bytes: AtomicI64,

    pub publish: Recorder,
    pub send_delay: Recorder,
    pub end_to_end: Recorder,
    pub warmup_publish: Recorder,

    pub first_measured_send: AtomicI64,
    pub last_measured_ack: AtomicI64,
    pub first_record: AtomicI64,
    pub last_record: AtomicI64,

    errors: Mutex<ErrorCounts>,
    pub faults: FaultWindows,
}

impl Default for Metrics {
    fn default() -> Self {
        Metrics {
            produced_records: AtomicI64::new(0),
            produced_bytes: AtomicI64::new(0),
            produced_measured: AtomicI64::new(0),
            produced_measured_bytes: AtomicI64::new(0),
            consumed_records: AtomicI64::new(0),
            consumed_bytes: AtomicI64::new(0),
            consumed_measured: AtomicI64::new(0),
            consumed_measured_bytes: AtomicI64::new(0),
            publish: Recorder::default(),
            send_delay: Recorder::default(),
            end_to_end: Recorder::default(),
            warmup_publish: Recorder::default(),
            first_measured_send: AtomicI64::new(i64::MAX),
            last_measured_ack: AtomicI64::new(i64::MIN),
            first_record: AtomicI64::new(i64::MAX),
            last_record: AtomicI64::new(i64::MIN),
            errors: Mutex::new(ErrorCounts::default()),
            faults: FaultWindows::default(),
        }
    }
}

impl Metrics {
    pub fn counts(&self) -> Counts {
        Counts {
            produced_records: self.produced_records.load(SeqCst),
            produced_bytes: self.produced_bytes.load(SeqCst),
            produced_measured: self.produced_measured.load(SeqCst),
            produced_measured_bytes: self.produced_measured_bytes.load(SeqCst),
            consumed_records: self.consumed_records.load(SeqCst),
            consumed_bytes: self.consumed_bytes.load(SeqCst),
            consumed_measured: self.consumed_measured.load(SeqCst),
            consumed_measured_bytes: self.consumed_measured_bytes.load(SeqCst),
        }
    }

    /// Counts a failed send by its name; only on the failure path, where a lock is affordable.
    pub fn count_error(&self, name: &str, measured: bool) {
        let mut e = self.errors.lock().unwrap_or_else(|e| e.into_inner());
        let map = if measured { &mut e.measured } else { &mut e.warmup };
        *map.entry(name.to_string()).or_insert(0) += 1;
    }

    /// The errors counted since the last call, as the interval event's `errors`; starts afresh.
    pub fn take_errors(&self) -> Value {
        let mut e = self.errors.lock().unwrap_or_else(|e| e.into_inner());
        let taken = std::mem::take(&mut *e);
        json!({"measured": taken.measured, "warmup": taken.warmup})
    }
}

/// A reading, or JSON null while there is none (the sentinel).
pub fn nullable(v: i64, none: i64) -> Value {
    if v == none {
        Value::Null
    } else {
        Value::from(v)
    }
}

struct Window {
    start: i64,
    end: AtomicI64,
    failures: AtomicI64,
    acknowledged: AtomicI64,
    latency: Recorder,
}

impl Window {
    /// Whether `nanos` falls inside [start, end); a window still open has end `i64::MAX`.
    fn contains(&self, nanos: i64) -> bool {
        nanos >= self.start && nanos < self.end.load(SeqCst)
    }
}

/// Java's SendWindows: the publish latency and failures of measured records whose intended send time falls inside
/// a fault's window, and how many measured records were acknowledged inside it (by acknowledgement time: a roll
/// step's rate). With no window open it costs one atomic load per record.
#[derive(Default)]
pub struct FaultWindows {
    opened: AtomicUsize,
    windows: RwLock<Vec<Window>>,
}

impl FaultWindows {
    /// Opens window `index` at `nanos`; kbench opens 0, 1, 2, ...: out of order or twice is ignored, not misfiled.
    pub fn open(&self, index: usize, nanos: i64) {
        let mut w = self.windows.write().unwrap_or_else(|e| e.into_inner());
        if index != w.len() || index >= MAX_FAULT_WINDOWS {
            return;
        }
        w.push(Window {
            start: nanos,
            end: AtomicI64::new(i64::MAX),
            failures: AtomicI64::new(0),
            acknowledged: AtomicI64::new(0),
            latency: Recorder::default(),
        });
        self.opened.store(w.len(), SeqCst);
    }

    /// Closes window `index` at `nanos`; the first close wins.
    pub fn close(&self, index: usize, nanos: i64) {
        let w = self.windows.read().unwrap_or_else(|e| e.into_inner());
        if let Some(window) = w.get(index) {
            let _ = window.end.compare_exchange(i64::MAX, nanos, SeqCst, SeqCst);
        }
    }

    fn each_containing(&self, intended: i64, f: impl Fn(&Window)) {
        if self.opened.load(Relaxed) == 0 {
            return;
        }
        let w = self.windows.read().unwrap_or_else(|e| e.into_inner());
        for window in w.iter() {
            if window.contains(intended) {
                f(window);
            }
        }
    }

    /// A measured record acknowledged `latency_nanos` after its intended time: its latency goes into the windows its
    /// intended time falls in, its acknowledgement into those its acknowledgement time falls in. That time is the
    /// intended time plus the latency truncated to whole microseconds, exactly as Java's SendWindows computes it.
    pub fn acknowledged(&self, intended: i64, latency_nanos: i64) {
        if self.opened.load(Relaxed) == 0 {
            return;
        }
        let ack = intended + latency_nanos / 1000 * 1000;
        let w = self.windows.read().unwrap_or_else(|e| e.into_inner());
        for window in w.iter() {
            if window.contains(intended) {
                window.latency.record(latency_nanos);
            }
            if window.contains(ack) {
                window.acknowledged.fetch_add(1, SeqCst);
            }
        }
    }

    pub fn failed(&self, intended: i64) {
        self.each_containing(intended, |w| {
            w.failures.fetch_add(1, SeqCst);
        });
    }

    /// `done.faults`: one entry per window opened.
    pub fn report(&self) -> Value {
        let w = self.windows.read().unwrap_or_else(|e| e.into_inner());
        Value::Array(
            w.iter()
                .enumerate()
                .map(|(i, window)| {
                    json!({"index": i, "publish": window.latency.take_encoded(),
                           "failures": window.failures.load(SeqCst),
                           "acknowledged": window.acknowledged.load(SeqCst)})
                })
                .collect(),
        )
    }
}
