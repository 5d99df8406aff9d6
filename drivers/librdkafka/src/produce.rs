//! The producer side: one thread and one librdkafka producer per producer thread of the slice (the Java side has a
//! KafkaProducer per thread), sending on kbench's schedule with the stamp in each value.

use crate::context::{error_name, may_be_written, ProducerCtx};
use crate::contract::KeyKind;
use crate::files::{key_bytes, read_indices, read_values};
use crate::json::refuse;
use crate::rules::{write_stamp, write_stamp_id, Schedule, STAMP_ID_BYTES};
use crate::run::{Msg, Run, SetupError};
use crate::sendlog::SendLog;
use rdkafka::error::KafkaError;
use rdkafka::producer::{BaseRecord, Producer, ThreadedProducer};
use rdkafka::types::RDKafkaErrorCode;
use std::sync::atomic::Ordering::SeqCst;
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::Duration;

/// Java's Pacer.WAKE_UP_NANOS: a producer sleeps at least this long, and one wake-up sends every record due by then
/// (a wake-up per record at low rates cost more CPU than the sends).
const WAKE_UP_NANOS: i64 = 1_000_000;
/// Bounds one sleep so that a stop ends even a long wait at a low rate (Java's MAX_PARK_NANOS).
const MAX_SLEEP_NANOS: i64 = 50_000_000;
/// The wait for in-flight records once a producer sent its last record (Java's CLOSE_TIMEOUT).
const FINISH_TIMEOUT: Duration = Duration::from_secs(10);
/// How long the first contact with the cluster may take before ready.
pub const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);
/// How long a send waits for room in librdkafka's queue before it tries again.
const QUEUE_FULL_WAIT: Duration = Duration::from_micros(200);

/// One producer thread: its client, values, keys and (verify) send log.
struct ProducerThread {
    index: usize,
    client: ThreadedProducer<ProducerCtx>,
    values: Vec<Vec<u8>>,
    keys: Arc<Vec<Vec<u8>>>,
    indices: Option<Vec<u32>>,
    warmup: i64,
    /// Measured records to send, or -1 when the measured part is bounded by time.
    measured: i64,
    ctx: ProducerCtx,
}

pub struct Producers {
    run: Arc<Run>,
    threads: Mutex<Vec<ProducerThread>>,
    logs: Vec<Arc<SendLog>>,
}

impl Producers {
    /// Reads each thread's files and creates its client; checks the cluster answers before ready.
    pub fn new(run: &Arc<Run>) -> Result<Arc<Producers>, SetupError> {
        let p = run.slice.producers.as_ref().expect("a producer slice");
        let keys = Arc::new(match p.keys.kind {
            KeyKind::None => Vec::new(),
            _ => key_bytes(p.keys.count),
        });
        let mut threads = Vec::with_capacity(p.count);
        let mut logs = Vec::new();
        for local in 0..p.count {
            let index = p.first + local;
            let values = read_values(&p.values_files[local]).map_err(|e| {
                SetupError::Refused(refuse(
                    &format!("slice.producers.valuesFiles[{local}]"),
                    &p.values_files[local],
                    &e,
                ))
            })?;
            let indices = match &p.keys.kind {
                KeyKind::Indices(files) => Some(read_indices(&files[local], p.keys.count).map_err(|e| {
                    SetupError::Refused(refuse(
                        &format!("slice.producers.keys.indexFiles[{local}]"),
                        &files[local],
                        &e,
                    ))
                })?),
                _ => None,
            };
            let log = if p.verify {
                if values.iter().any(|v| v.len() < STAMP_ID_BYTES) {
                    return Err(SetupError::Refused(refuse(
                        "slice.producers.verify",
                        true,
                        &format!("needs values of at least {STAMP_ID_BYTES} bytes"),
                    )));
                }
                let log = Arc::new(SendLog::new(index));
                logs.push(Arc::clone(&log));
                Some(log)
            } else {
                None
            };
            let ctx = ProducerCtx::new(Arc::clone(run), log);
            let config = run
                .opts
                .client_config(&run.slice.bootstrap, &format!("kbench-{}-p{index}", run.slice.run_id));
            let client: ThreadedProducer<ProducerCtx> = config
                .create_with_context(ctx.clone())
                .map_err(|e| SetupError::Refused(crate::config::config_refusal(e)))?;
            crate::cluster::check_cluster(client.client(), run)?;
            threads.push(ProducerThread {
                index,
                client,
                values,
                keys: Arc::clone(&keys),
                indices,
                warmup: p.warmup_records[local],
                measured: p.measured_records.as_ref().map_or(-1, |m| m[local]),
                ctx,
            });
        }
        Ok(Arc::new(Producers {
            run: Arc::clone(run),
            threads: Mutex::new(threads),
            logs,
        }))
    }

    /// Starts sending; `tx` hears `Ended` once every thread's records are acknowledged or failed (producers-finished
    /// is written just before).
    pub fn begin(&self, tx: Sender<Msg>) {
        let threads = std::mem::take(&mut *self.threads.lock().unwrap_or_else(|e| e.into_inner()));
        let handles: Vec<_> = threads
            .into_iter()
            .map(|t| {
                let run = Arc::clone(&self.run);
                thread::Builder::new()
                    .name(format!("producer-{}", t.index))
                    .spawn(move || t.run_to_end(&run))
                    .expect("starting a producer thread")
            })
            .collect();
        let run = Arc::clone(&self.run);
        thread::spawn(move || {
            for h in handles {
                let _ = h.join();
            }
            run.events.emit(&serde_json::json!({"type": "producers-finished"}));
            let _ = tx.send(Msg::Ended(None));
        });
    }

    /// The send logs (verify), written now; or None.
    pub fn send_logs(&self) -> Result<Option<Vec<String>>, String> {
        let p = self.run.slice.producers.as_ref().expect("a producer slice");
        let Some(dir) = p.send_log_dir.as_deref().filter(|_| p.verify) else {
            return Ok(None);
        };
        self.logs
            .iter()
            .map(|log| {
                log.write(dir)
                    .map_err(|e| format!("writing a send log into {dir}: {e}"))
            })
            .collect::<Result<Vec<_>, _>>()
            .map(Some)
    }
}

impl ProducerThread {
    /// Sends, then waits for what is in flight (a stop's grace, or FINISH_TIMEOUT), then closes the client: what is
    /// still unacknowledged then fails (librdkafka purges it), as the Java producer's close does.
    fn run_to_end(self, run: &Run) {
        self.send_all(run);
        let wait = if run.stopping() {
            run.stop_grace()
        } else {
            FINISH_TIMEOUT
        };
        let _ = self.client.flush(wait);
        drop(self.client);
    }

    /// Sends on the schedule until the measured records or time are done, or a stop.
    fn send_all(&self, run: &Run) {
        let p = run.slice.producers.as_ref().expect("a producer slice");
        let rate = p.rate_per_thread;
        let schedule = (rate > 0.0).then(|| Schedule::new(rate, run.start(), self.index as f64 / p.total as f64));
        let mut measured_deadline = i64::MAX;
        let mut measured_sent = 0i64;
        let mut random = SplitMix64::new(self.index as u64, run.slice.stamp_magic);
        let mut buf = Vec::with_capacity(self.values.iter().map(Vec::len).max().unwrap_or(0));
        let mut i = 0i64;
        while !run.stopping() {
            let (intended, now) = match &schedule {
                Some(s) => {
                    let intended = s.intended(i);
                    let now = await_until(run, intended);
                    if now < intended {
                        return; // stopped while waiting
                    }
                    (intended, now)
                }
                None => {
                    let now = run.clock.nanos();
                    (now, now)
                }
            };
            let measured = i >= self.warmup && intended >= run.warmup_end.load(SeqCst);
            if measured {
                if measured_sent == 0 {
                    run.metrics.first_measured_send.fetch_min(intended, SeqCst);
                    if let Some(n) = p.measured_nanos {
                        measured_deadline = intended.saturating_add(n);
                    }
                }
                if measured_sent == self.measured || intended >= measured_deadline {
                    return;
                }
                if rate > 0.0 {
                    run.metrics.send_delay.record(now - intended);
                }
                measured_sent += 1;
            }
            let value = if self.values.len() == 1 {
                &self.values[0]
            } else {
                &self.values[random.below(self.values.len())]
            };
            buf.clear();
            buf.extend_from_slice(value);
            write_stamp(&mut buf, run.slice.stamp_magic, measured, intended);
            if let Some(log) = &self.ctx.log {
                log.sending(i);
                write_stamp_id(&mut buf, self.index as u16, i);
            }
            self.send(run, &buf, i, intended, measured);
            i += 1;
        }
    }

    /// Hands one record to librdkafka, which copies the value (RD_KAFKA_MSG_F_COPY), so one buffer serves every
    /// record. A full queue waits for room, as the Java producer blocks when its buffer is full.
    fn send(&self, run: &Run, value: &[u8], seq: i64, intended: i64, measured: bool) {
        let key: Option<&[u8]> = match (&self.indices, self.keys.is_empty()) {
            (Some(ix), _) => Some(&self.keys[ix[(seq as usize) % ix.len()] as usize]),
            (None, false) => Some(&self.keys[(seq as usize) % self.keys.len()]),
            (None, true) => None,
        };
        let opaque = crate::context::pack(intended, measured);
        loop {
            let mut record = BaseRecord::<[u8], [u8], usize>::with_opaque_to(&run.slice.topic, opaque).payload(value);
            if let Some(k) = key {
                record = record.key(k);
            }
            match self.client.send(record) {
                Ok(()) => return,
                Err((KafkaError::MessageProduction(RDKafkaErrorCode::QueueFull), _)) if !run.stopping() => {
                    thread::sleep(QUEUE_FULL_WAIT);
                }
                Err((e, _)) => {
                    let code = e.rdkafka_error_code().unwrap_or(RDKafkaErrorCode::Fail);
                    self.ctx.outcome(
                        Some(seq).filter(|_| self.ctx.log.is_some()),
                        intended,
                        measured,
                        value.len() as i64,
                        Err(code),
                        run.clock.nanos(),
                    );
                    if !run.stopping() {
                        eprintln!(
                            "librdkafka driver: producer {} record {seq}: {} ({})",
                            self.index,
                            error_name(code),
                            if may_be_written(code) {
                                "may be written"
                            } else {
                                "not written"
                            }
                        );
                    }
                    return;
                }
            }
        }
    }
}

/// Sleeps until `deadline`, at least WAKE_UP_NANOS at a time; returns the reading at which it ended (before the
/// deadline only after a stop). A record already due costs one clock reading.
fn await_until(run: &Run, deadline: i64) -> i64 {
    let mut now = run.clock.nanos();
    while now < deadline {
        if run.stopping() {
            return now;
        }
        let nap = (deadline - now).clamp(WAKE_UP_NANOS, MAX_SLEEP_NANOS);
        thread::sleep(Duration::from_nanos(nap as u64));
        now = run.clock.nanos();
    }
    now
}

/// Which value a record gets is the driver's own choice (not part of the contract): SplitMix64 (Steele, Lea and
/// Flood, "Fast splittable pseudorandom number generators", OOPSLA 2014), seeded by thread and run.
struct SplitMix64(u64);

impl SplitMix64 {
    fn new(thread: u64, magic: i32) -> SplitMix64 {
        SplitMix64((thread << 32) ^ (magic as u32 as u64))
    }

    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in 0..n (Lemire's multiply-shift; the bias is below 2^-32 for the value counts kbench writes).
    fn below(&mut self, n: usize) -> usize {
        ((self.next_u64() as u128 * n as u128) >> 64) as usize
    }
}
