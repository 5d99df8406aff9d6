//! The `run` command: slice, connect, ready, start, load, intervals, done (docs/drivers.md, "Process").

use crate::clock::Clock;
use crate::config::{parse_options, Options};
use crate::consume::Consumers;
use crate::contract::{decode_control, decode_slice, Control, Role, Slice};
use crate::events::Events;
use crate::json::Refusal;
use crate::metrics::Metrics;
use crate::produce::Producers;
use crate::ticker::Ticker;
use crate::{client_version, read_line, LineError};
use serde_json::{json, Value};
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, AtomicI64, Ordering::SeqCst};
use std::sync::mpsc::{channel, Sender};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// The grace a SIGTERM gives what is in flight (docs/drivers.md: "SIGTERM is a stop with a grace of 3 s").
const TERM_GRACE_MS: i64 = 3000;

/// What every part of one driver run shares.
pub struct Run {
    pub slice: Slice,
    pub opts: Options,
    pub clock: Clock,
    pub metrics: Metrics,
    pub events: Events,
    /// The common start, set once by the start line before any producer or the ticker reads it.
    start: AtomicI64,
    /// Records intended at or after it are measured (unbounded until the warm-up's end is known).
    pub warmup_end: AtomicI64,
    pub stopping: AtomicBool,
    /// A stop's grace for what is in flight, in milliseconds (set before `stopping`).
    pub stop_grace_ms: AtomicI64,
    /// The partitions this slice's consumers hold now, changed and reported under the lock.
    assigned: Mutex<i64>,
    /// The wall clock when the driver came up, in milliseconds: where consumers start (context::start_at_end).
    pub started_millis: i64,
}

impl Run {
    pub fn new(slice: Slice, opts: Options, out: Box<dyn Write + Send>) -> Run {
        Run {
            clock: Clock::new(slice.clock_offset_nanos),
            slice,
            opts,
            metrics: Metrics::default(),
            events: Events::new(out),
            start: AtomicI64::new(0),
            warmup_end: AtomicI64::new(i64::MAX),
            stopping: AtomicBool::new(false),
            stop_grace_ms: AtomicI64::new(TERM_GRACE_MS),
            assigned: Mutex::new(0),
            started_millis: SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .map_or(0, |d| d.as_millis() as i64),
        }
    }

    pub fn start(&self) -> i64 {
        self.start.load(SeqCst)
    }

    pub fn stopping(&self) -> bool {
        self.stopping.load(SeqCst)
    }

    /// Asks the side to stop, giving in-flight records `grace_ms`; the first stop wins.
    pub fn request_stop(&self, grace_ms: i64) {
        if !self.stopping.load(SeqCst) {
            self.stop_grace_ms.store(grace_ms, SeqCst);
            self.stopping.store(true, SeqCst);
        }
    }

    pub fn stop_grace(&self) -> Duration {
        Duration::from_millis(self.stop_grace_ms.load(SeqCst).max(0) as u64)
    }

    /// A consumer's assignment changed by `delta` partitions: the `assigned` event, which kbench waits for before it
    /// starts the producers.
    pub fn assignment_changed(&self, delta: i64) {
        let mut assigned = self.assigned.lock().unwrap_or_else(|e| e.into_inner());
        *assigned += delta;
        self.events.emit(&json!({"type": "assigned", "partitions": *assigned}));
    }
}

/// What the main loop waits for: a control line, or the end of the load (None, or the failure).
pub enum Msg {
    Control(Control),
    Ended(Option<String>),
}

/// One side of the workload.
enum Side {
    Producers(Arc<Producers>),
    Consumers(Arc<Consumers>),
}

/// A driver's failure before ready: a refusal (exit 2) or anything else (exit 1).
pub enum SetupError {
    Refused(Refusal),
    Failed(String),
}

/// Reads and checks the first line: the slice and its client options.
pub fn read_slice(input: &mut impl BufRead) -> Result<(Slice, Options), Refusal> {
    let line = match read_line(input) {
        Ok(Some(line)) => line,
        Ok(None) => return Err(Refusal("slice: standard input ended before the slice".into())),
        Err(LineError::TooLong) => {
            return Err(Refusal(format!(
                "slice: a line longer than {} bytes",
                crate::MAX_LINE_BYTES
            )))
        }
        Err(LineError::Io(e)) => return Err(Refusal(format!("slice: {e}"))),
    };
    let slice = decode_slice(&line)?;
    let opts = parse_options(&slice.client_properties)?;
    Ok((slice, opts))
}

/// The run command; returns the exit code.
pub fn run_driver(mut input: impl BufRead + Send + 'static, out: Box<dyn Write + Send>) -> i32 {
    crate::signals::install();
    let (slice, opts) = match read_slice(&mut input) {
        Ok(s) => s,
        Err(r) => {
            eprintln!("librdkafka driver: {r}");
            return 2;
        }
    };
    let run = Arc::new(Run::new(slice, opts, out));
    let side = match run.slice.role {
        Role::Producers => Producers::new(&run).map(Side::Producers),
        Role::Consumers => Consumers::new(&run).map(Side::Consumers),
    };
    let side = match side {
        Ok(side) => side,
        Err(SetupError::Refused(r)) => {
            eprintln!("librdkafka driver: {r}");
            return 2;
        }
        Err(SetupError::Failed(f)) => {
            eprintln!("librdkafka driver: {f}");
            return 1;
        }
    };
    run.events
        .emit(&json!({"type": "ready", "contract": crate::contract::CONTRACT_VERSION,
        "nanos": run.clock.nanos(), "client": "librdkafka", "clientVersion": client_version(),
        "pid": std::process::id()}));

    let (tx, rx) = channel::<Msg>();
    read_control(input, tx.clone());
    crate::signals::forward_term(tx.clone(), TERM_GRACE_MS);
    if let Side::Consumers(c) = &side {
        c.before_start(tx.clone());
    }
    let start_nanos = loop {
        match rx.recv() {
            Ok(Msg::Control(Control::Start { start_nanos })) => break start_nanos,
            Ok(Msg::Control(Control::Stop { grace_ms })) => {
                run.request_stop(grace_ms);
                stop_side(&side);
                return finish(&run, &side, "stopped", None, None);
            }
            Ok(Msg::Ended(failure)) => {
                // Consumers that failed before the start.
                let status = if failure.is_some() { "failed" } else { "completed" };
                return finish(&run, &side, status, failure, None);
            }
            Ok(Msg::Control(_)) => {} // warm-up and fault lines before the start mean nothing yet
            Err(_) => unreachable!("the control reader holds a sender until the process exits"),
        }
    };
    run.start.store(start_nanos, SeqCst);
    if let Some(p) = &run.slice.producers {
        if !p.auto_warmup {
            run.warmup_end.store(start_nanos + p.warmup_nanos, SeqCst);
        }
    }
    let ticker = Ticker::start(&run);
    if let Side::Producers(p) = &side {
        p.begin(tx.clone());
    }
    let failure = loop {
        match rx.recv() {
            Ok(Msg::Ended(failure)) => break failure,
            Ok(Msg::Control(c)) => match c {
                Control::WarmupEnd { nanos } => run.warmup_end.store(nanos, SeqCst),
                Control::FaultOpen { index, nanos } => run.metrics.faults.open(index, nanos),
                Control::FaultClose { index, nanos } => run.metrics.faults.close(index, nanos),
                Control::Stop { grace_ms } => {
                    run.request_stop(grace_ms);
                    stop_side(&side);
                }
                Control::Start { .. } => {} // a second start changes nothing
            },
            Err(_) => unreachable!("the control reader holds a sender until the process exits"),
        }
    };
    let status = if failure.is_some() {
        "failed"
    } else if run.stopping() && run.slice.role == Role::Producers {
        "stopped"
    } else {
        "completed"
    };
    ticker.end();
    finish(&run, &side, status, failure, Some(&ticker))
}

fn stop_side(side: &Side) {
    if let Side::Consumers(c) = side {
        c.stop();
    }
    // Producers watch run.stopping themselves: each thread ends its sends and gives in-flight records the grace.
}

/// Writes the last, partial interval and done; returns the exit code.
fn finish(run: &Run, side: &Side, status: &str, failure: Option<String>, ticker: Option<&Ticker>) -> i32 {
    if let Some(t) = ticker {
        t.emit_final();
    }
    let (mut status, mut failure) = (status.to_string(), failure);
    let logs: Value = match side {
        Side::Producers(p) => match p.send_logs() {
            Ok(Some(paths)) => json!(paths),
            Ok(None) => Value::Null,
            Err(e) => {
                if failure.is_none() {
                    status = "failed".into();
                    failure = Some(e);
                }
                Value::Null
            }
        },
        Side::Consumers(_) => Value::Null,
    };
    if let Some(f) = &failure {
        eprintln!("librdkafka driver: {f}");
    }
    run.events.emit_last(
        &json!({"type": "done", "status": status, "failure": failure, "sendLogs": logs,
        "faults": run.metrics.faults.report()}),
    );
    if status == "failed" {
        1
    } else {
        0
    }
}

/// Passes control lines on. The end of standard input means kbench is gone: exit at once, closing nothing, so that
/// a killed kbench leaves no driver behind (the contract's rule); a line that is not a control line ends the run too.
fn read_control(mut input: impl BufRead + Send + 'static, tx: Sender<Msg>) {
    thread::Builder::new()
        .name("control".into())
        .spawn(move || loop {
            match read_line(&mut input) {
                Ok(Some(line)) if line.iter().all(u8::is_ascii_whitespace) => continue,
                Ok(Some(line)) => match decode_control(&line) {
                    Ok(c) => {
                        let _ = tx.send(Msg::Control(c));
                    }
                    Err(r) => crate::exit_now(1, &format!("librdkafka driver: {r}")),
                },
                Ok(None) => crate::exit_now(1, "librdkafka driver: standard input ended: kbench is gone"),
                Err(LineError::TooLong) => crate::exit_now(1, "librdkafka driver: a control line over 4 MiB"),
                Err(LineError::Io(e)) => crate::exit_now(1, &format!("librdkafka driver: standard input: {e}")),
            }
        })
        .expect("starting the control reader");
}
