//! The librdkafka callbacks: a producer's delivery report (the send's outcome and its publish latency), a consumer's
//! rebalance (where it starts, the `assigned` event), and librdkafka's own log and errors, which go to the driver's
//! log on standard error.

use crate::rules::{sequence_of, stamp_of};
use crate::run::Run;
use crate::sendlog::SendLog;
use rdkafka::client::ClientContext;
use rdkafka::config::RDKafkaLogLevel;
use rdkafka::consumer::{BaseConsumer, Consumer, ConsumerContext, RebalanceProtocol};
use rdkafka::error::KafkaError;
use rdkafka::producer::{DeliveryResult, ProducerContext};
use rdkafka::types::{RDKafkaErrorCode, RDKafkaRespErr};
use rdkafka::{Message, Offset, TopicPartitionList};
use std::ffi::CStr;
use std::sync::atomic::{AtomicI64, Ordering::SeqCst};
use std::sync::Arc;
use std::time::Duration;

/// librdkafka's name of an error code: `NOT_ENOUGH_REPLICAS`, `_MSG_TIMED_OUT` (local errors start with `_`).
pub fn error_name(code: RDKafkaErrorCode) -> String {
    match RDKafkaRespErr::try_from(code as i32) {
        // SAFETY: rd_kafka_err2name returns a static, NUL-terminated string for every code.
        Ok(err) => unsafe { CStr::from_ptr(rdkafka::bindings::rd_kafka_err2name(err)) }
            .to_string_lossy()
            .into_owned(),
        Err(_) => format!("{code:?}"),
    }
}

/// Java's SendErrors.mayBeWritten: only errors meaning the broker refused, or was never asked to write, the record
/// are definite failures; anything else (a timeout, a retriable error, an unknown one) may have been written by an
/// earlier attempt. A record purged from the queue was never sent; one purged in flight may have been.
pub fn may_be_written(code: RDKafkaErrorCode) -> bool {
    use RDKafkaErrorCode::*;
    !matches!(
        code,
        MessageSizeTooLarge
            | MessageBatchTooLarge
            | InvalidMessage
            | InvalidMessageSize
            | InvalidRecord
            | InvalidTopic
            | UnknownTopic
            | TopicAuthorizationFailed
            | ClusterAuthorizationFailed
            | SaslAuthenticationFailed
            | Authentication
            | UnsupportedVersion
            | UnsupportedForMessageFormat
            | QueueFull
            | InvalidArgument
            | PurgeQueue
    )
}

/// The delivery report's opaque: the intended send time and the measured bit in one word, for values shorter than
/// a stamp. `|intended| < 2^62` (146 years of nanoseconds), so the shift loses nothing.
pub fn pack(intended: i64, measured: bool) -> usize {
    ((intended << 1) | measured as i64) as usize
}

pub fn unpack(opaque: usize) -> (bool, i64) {
    let v = opaque as i64;
    (v & 1 == 1, v >> 1)
}

/// A delivered record's measured bit and intended time: read back from the stamp in its value (librdkafka hands the
/// value back in the report, so nothing is allocated or looked up per record), or from the opaque when the value is
/// too short to carry a stamp.
pub fn delivered_stamp(payload: &[u8], magic: i32, opaque: usize) -> (bool, i64) {
    stamp_of(payload, magic).unwrap_or_else(|| unpack(opaque))
}

/// librdkafka's log lines and errors, to the driver's log (standard error).
fn log_line(level: RDKafkaLogLevel, facility: &str, message: &str) {
    eprintln!("librdkafka {level:?} {facility}: {message}");
}

/// One producer's callbacks; cheap to clone (the run and the send log are shared).
#[derive(Clone)]
pub struct ProducerCtx {
    run: Arc<Run>,
    pub log: Option<Arc<SendLog>>,
}

impl ProducerCtx {
    pub fn new(run: Arc<Run>, log: Option<Arc<SendLog>>) -> ProducerCtx {
        ProducerCtx { run, log }
    }

    /// One send's outcome, from the delivery report or from a send refused at once: the send log, the counters, the
    /// histograms. `outcome` is the record's (partition, offset), or its error.
    pub fn outcome(
        &self,
        seq: Option<i64>,
        intended: i64,
        measured: bool,
        bytes: i64,
        outcome: Result<(i32, i64), RDKafkaErrorCode>,
        now: i64,
    ) {
        let run = &self.run;
        let m = &run.metrics;
        if let (Some(log), Some(seq)) = (&self.log, seq) {
            match outcome {
                Ok((partition, offset)) => {
                    let offset = if run.opts.acks_none { -1 } else { offset };
                    log.acknowledged(seq, partition, offset);
                }
                Err(code) => log.failed(seq, may_be_written(code)),
            }
        }
        match outcome {
            Err(code) => {
                // Once stopped, failures are the stop's doing, not the workload's: they count nowhere (as in Java).
                if !run.stopping() {
                    m.count_error(&error_name(code), measured);
                    if measured {
                        m.faults.failed(intended);
                    }
                }
            }
            Ok(_) => {
                m.produced_records.fetch_add(1, SeqCst);
                m.produced_bytes.fetch_add(bytes, SeqCst);
                if measured {
                    m.publish.record(now - intended);
                    m.faults.acknowledged(intended, now - intended);
                    m.produced_measured.fetch_add(1, SeqCst);
                    m.produced_measured_bytes.fetch_add(bytes, SeqCst);
                    m.last_measured_ack.fetch_max(now, SeqCst);
                } else if run.slice.producers.as_ref().is_some_and(|p| p.auto_warmup) {
                    m.warmup_publish.record(now - intended);
                }
            }
        }
    }
}

impl ClientContext for ProducerCtx {
    fn log(&self, level: RDKafkaLogLevel, fac: &str, log_message: &str) {
        log_line(level, fac, log_message);
    }

    fn error(&self, error: KafkaError, reason: &str) {
        eprintln!("librdkafka error: {error}: {reason}");
    }
}

impl ProducerContext for ProducerCtx {
    type DeliveryOpaque = usize;

    /// Runs on the producer's polling thread for every record, acknowledged or failed.
    fn delivery(&self, result: &DeliveryResult<'_>, opaque: usize) {
        let now = self.run.clock.nanos();
        let (message, outcome) = match result {
            Ok(m) => (m, Ok((m.partition(), m.offset()))),
            Err((e, m)) => (m, Err(e.rdkafka_error_code().unwrap_or(RDKafkaErrorCode::Fail))),
        };
        let payload = message.payload().unwrap_or(&[]);
        let (measured, intended) = delivered_stamp(payload, self.run.slice.stamp_magic, opaque);
        let seq = self.log.as_ref().and_then(|_| sequence_of(payload));
        self.outcome(seq, intended, measured, payload.len() as i64, outcome, now);
    }
}

/// One consumer's callbacks: its rebalances. `held` is how many partitions this consumer holds.
pub struct ConsumerCtx {
    run: Arc<Run>,
    held: AtomicI64,
}

impl ConsumerCtx {
    pub fn new(run: Arc<Run>) -> ConsumerCtx {
        ConsumerCtx {
            run,
            held: AtomicI64::new(0),
        }
    }

    fn changed(&self, delta: i64) {
        self.held.fetch_add(delta, SeqCst);
        self.run.assignment_changed(delta);
    }
}

impl ClientContext for ConsumerCtx {
    fn log(&self, level: RDKafkaLogLevel, fac: &str, log_message: &str) {
        log_line(level, fac, log_message);
    }

    fn error(&self, error: KafkaError, reason: &str) {
        eprintln!("librdkafka error: {error}: {reason}");
    }
}

impl ConsumerContext for ConsumerCtx {
    /// The default rebalance of the rdkafka crate (assign or unassign, eager or cooperative), with two additions: each
    /// change is reported (`assigned`), and, unless the workload set `auto.offset.reset`, a partition without a
    /// committed offset starts at its end as of the assignment.
    fn rebalance(&self, consumer: &BaseConsumer<Self>, err: RDKafkaRespErr, tpl: &mut TopicPartitionList) {
        let cooperative = matches!(consumer.rebalance_protocol(), RebalanceProtocol::Cooperative);
        match err {
            RDKafkaRespErr::RD_KAFKA_RESP_ERR__ASSIGN_PARTITIONS => {
                if !self.run.opts.offset_reset_given {
                    start_at_end(consumer, self.run.started_millis, tpl);
                }
                let done = if cooperative {
                    consumer.incremental_assign(tpl)
                } else {
                    consumer.assign(tpl)
                };
                if let Err(e) = done {
                    eprintln!("librdkafka driver: assigning {} partitions: {e}", tpl.count());
                }
                self.changed(tpl.count() as i64);
            }
            RDKafkaRespErr::RD_KAFKA_RESP_ERR__REVOKE_PARTITIONS => {
                let done = if cooperative {
                    consumer.incremental_unassign(tpl)
                } else {
                    consumer.unassign()
                };
                if let Err(e) = done {
                    eprintln!("librdkafka driver: revoking {} partitions: {e}", tpl.count());
                }
                let revoked = if cooperative {
                    tpl.count() as i64
                } else {
                    self.held.load(SeqCst)
                };
                self.changed(-revoked);
            }
            other => {
                eprintln!("librdkafka driver: rebalance error {other:?}: this consumer gives up its partitions");
                let _ = consumer.unassign();
                self.changed(-self.held.load(SeqCst));
            }
        }
    }
}

/// kbench's Java consumers start at the end of a partition that has no committed offset, resolved the moment it is
/// assigned, so no record sent after the assignment is skipped. librdkafka resolves `auto.offset.reset` only when it
/// starts fetching, after the assignment was reported, so "the end" could skip the run's first records, and again
/// after a rebalance between this slice's consumers. So each such partition starts here, before the assignment is
/// reported, at the first record written since this driver came up (a lookup by timestamp, as the franz-go driver
/// does), or at its end offset as of now when there is none yet: the same records of this run either way. A partition
/// whose lookups fail keeps librdkafka's own start (its log says so).
fn start_at_end(consumer: &BaseConsumer<ConsumerCtx>, since_millis: i64, tpl: &mut TopicPartitionList) {
    let timeout = Duration::from_secs(10);
    let committed = consumer.committed_offsets(tpl.clone(), timeout);
    let fresh: Vec<(String, i32)> = tpl
        .elements()
        .iter()
        .map(|e| (e.topic().to_string(), e.partition()))
        .filter(|(topic, partition)| {
            !committed
                .as_ref()
                .ok()
                .and_then(|c| c.find_partition(topic, *partition))
                .is_some_and(|e| matches!(e.offset(), Offset::Offset(_)))
        })
        .collect();
    let mut query = TopicPartitionList::new();
    for (topic, partition) in &fresh {
        let _ = query.add_partition_offset(topic, *partition, Offset::Offset(since_millis));
    }
    let found = consumer.offsets_for_times(query, timeout);
    for (topic, partition) in fresh {
        let since = found
            .as_ref()
            .ok()
            .and_then(|f| f.find_partition(&topic, partition))
            .and_then(|e| match e.offset() {
                Offset::Offset(o) => Some(o),
                _ => None,
            });
        let start = match since {
            Some(o) => o,
            None => match consumer.fetch_watermarks(&topic, partition, timeout) {
                Ok((_, high)) => high,
                Err(e) => {
                    eprintln!("librdkafka driver: end offset of {topic}-{partition}: {e}");
                    continue;
                }
            },
        };
        if let Err(e) = tpl.set_partition_offset(&topic, partition, Offset::Offset(start)) {
            eprintln!("librdkafka driver: start of {topic}-{partition} at {start}: {e}");
        }
    }
}
