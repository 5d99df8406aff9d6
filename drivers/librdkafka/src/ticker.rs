//! Interval events: interval k at `start + (k+1) * intervalNanos`, the times Java's IntervalTicker rolls its own
//! intervals at, so that kbench adds interval k of every driver to its own interval k.

use crate::clock::cpu_nanos;
use crate::metrics::{nullable, Counts};
use crate::run::Run;
use serde_json::{json, Value};
use std::sync::atomic::Ordering::SeqCst;
use std::sync::{Arc, Condvar, Mutex};
use std::thread::{self, JoinHandle};
use std::time::Duration;

struct State {
    /// The interval still open.
    next: i64,
    /// The counters at the end of the last interval written.
    last: Counts,
    quit: bool,
}

pub struct Ticker {
    run: Arc<Run>,
    state: Arc<(Mutex<State>, Condvar)>,
    thread: Mutex<Option<JoinHandle<()>>>,
}

impl Ticker {
    pub fn start(run: &Arc<Run>) -> Ticker {
        let state = Arc::new((
            Mutex::new(State {
                next: 0,
                last: Counts::default(),
                quit: false,
            }),
            Condvar::new(),
        ));
        let (r, s) = (Arc::clone(run), Arc::clone(&state));
        let thread = thread::Builder::new()
            .name("ticker".into())
            .spawn(move || tick(&r, &s))
            .expect("starting the interval ticker");
        Ticker {
            run: Arc::clone(run),
            state,
            thread: Mutex::new(Some(thread)),
        }
    }

    /// Stops the ticker; the interval still open is then the final, partial one.
    pub fn end(&self) {
        {
            let mut s = self.state.0.lock().unwrap_or_else(|e| e.into_inner());
            s.quit = true;
        }
        self.state.1.notify_all();
        if let Some(t) = self.thread.lock().unwrap_or_else(|e| e.into_inner()).take() {
            let _ = t.join();
        }
    }

    /// Writes the final, partial interval: it ends now.
    pub fn emit_final(&self) {
        let mut s = self.state.0.lock().unwrap_or_else(|e| e.into_inner());
        let k = s.next;
        let event = interval_event(&self.run, &mut s, k, self.run.clock.nanos(), true);
        self.run.events.emit(&event);
    }
}

fn tick(run: &Run, state: &(Mutex<State>, Condvar)) {
    let interval = run.slice.interval_nanos;
    let (lock, wake) = state;
    let mut s = lock.lock().unwrap_or_else(|e| e.into_inner());
    loop {
        let deadline = run.start() + (s.next + 1) * interval;
        // Wait for the deadline, or the end; a wake-up may come early (spurious or not), so read the clock again.
        loop {
            if s.quit {
                return;
            }
            let now = run.clock.nanos();
            if now >= deadline {
                break;
            }
            let wait = Duration::from_nanos((deadline - now) as u64);
            s = wake.wait_timeout(s, wait).unwrap_or_else(|e| e.into_inner()).0;
        }
        let k = s.next;
        let event = interval_event(run, &mut s, k, deadline, false);
        // Written under the lock, so the final interval can never come before the one before it.
        run.events.emit(&event);
    }
}

/// Interval k's event; advances the state (counts are deltas).
fn interval_event(run: &Run, s: &mut State, k: i64, end_nanos: i64, last: bool) -> Value {
    let m = &run.metrics;
    let now = m.counts();
    let delta = now.minus(&s.last);
    s.last = now;
    s.next = k + 1;
    json!({"type": "interval", "index": k, "endNanos": end_nanos, "final": last,
        "counts": delta, "errors": m.take_errors(),
        "histograms": {"publish": m.publish.take_encoded(), "sendDelay": m.send_delay.take_encoded(),
                       "endToEnd": m.end_to_end.take_encoded(), "warmupPublish": m.warmup_publish.take_encoded()},
        "cpuNanos": cpu_nanos(),
        "firstMeasuredSendNanos": nullable(m.first_measured_send.load(SeqCst), i64::MAX),
        "lastMeasuredAckNanos": nullable(m.last_measured_ack.load(SeqCst), i64::MIN),
        "firstRecordNanos": nullable(m.first_record.load(SeqCst), i64::MAX),
        "lastRecordNanos": nullable(m.last_record.load(SeqCst), i64::MIN)})
}
