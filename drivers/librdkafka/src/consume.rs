//! The consumer side: one thread and one librdkafka consumer per consumer of the slice, all in the slice's group (the
//! Java side has a KafkaConsumer per consumer), measuring end-to-end latency from the stamp in each value.

use crate::cluster::check_cluster;
use crate::context::ConsumerCtx;
use crate::rules::stamp_of;
use crate::run::{Msg, Run, SetupError};
use rdkafka::consumer::{BaseConsumer, Consumer};
use rdkafka::error::KafkaError;
use rdkafka::message::BorrowedMessage;
use rdkafka::Message;
use std::sync::atomic::{AtomicBool, Ordering::SeqCst};
use std::sync::mpsc::{channel, Sender};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

/// One poll's wait for a first record; a stop is seen within it.
const POLL_WAIT: Duration = Duration::from_millis(100);
/// Records taken after a poll's first one without waiting, served by the same clock reading: librdkafka hands
/// records over one at a time, the Java client in polls of up to max.poll.records (500 by default).
const MAX_POLL_RECORDS: usize = 500;
/// The wait for the consumers to leave the group and commit when no stop gave a grace (Java's CLOSE_TIMEOUT).
const CLOSE_TIMEOUT: Duration = Duration::from_secs(5);

pub struct Consumers {
    run: Arc<Run>,
    consumers: Mutex<Vec<(usize, BaseConsumer<ConsumerCtx>)>>,
    stop: Arc<AtomicBool>,
}

impl Consumers {
    /// Creates each consumer's client; checks the cluster answers before ready.
    pub fn new(run: &Arc<Run>) -> Result<Arc<Consumers>, SetupError> {
        let c = run.slice.consumers.as_ref().expect("a consumer slice");
        let mut consumers = Vec::with_capacity(c.count);
        for index in c.first..c.first + c.count {
            let mut config = run
                .opts
                .client_config(&run.slice.bootstrap, &format!("kbench-{}-c{index}", run.slice.run_id));
            config.set("group.id", &c.group);
            let consumer: BaseConsumer<ConsumerCtx> = config
                .create_with_context(ConsumerCtx::new(Arc::clone(run)))
                .map_err(|e| SetupError::Refused(crate::config::config_refusal(e)))?;
            check_cluster(consumer.client(), run)?;
            consumers.push((index, consumer));
        }
        Ok(Arc::new(Consumers {
            run: Arc::clone(run),
            consumers: Mutex::new(consumers),
            stop: Arc::new(AtomicBool::new(false)),
        }))
    }

    /// Joins the group and polls at once: a member is assigned partitions while it polls, and kbench starts the
    /// producers only once the consumers hold every partition. `tx` hears `Ended` once every consumer stopped (after
    /// a stop, or the first failure), or once the stop's grace for leaving the group is over.
    pub fn before_start(&self, tx: Sender<Msg>) {
        let consumers = std::mem::take(&mut *self.consumers.lock().unwrap_or_else(|e| e.into_inner()));
        let (ended_tx, ended_rx) = channel::<Option<String>>();
        let (closed_tx, closed_rx) = channel::<()>();
        let count = consumers.len();
        for (index, consumer) in consumers {
            let (run, stop) = (Arc::clone(&self.run), Arc::clone(&self.stop));
            let (ended, closed) = (ended_tx.clone(), closed_tx.clone());
            thread::Builder::new()
                .name(format!("consumer-{index}"))
                .spawn(move || {
                    let failure = poll(&run, &consumer, &stop).err();
                    if failure.is_some() {
                        stop.store(true, SeqCst); // one consumer failed: the side ends
                    }
                    // Reported before the close, which may take the grace: a failure must not wait for it.
                    let _ = ended.send(failure);
                    drop(consumer); // leaves the group, committing (librdkafka's close)
                    let _ = closed.send(());
                })
                .expect("starting a consumer thread");
        }
        let run = Arc::clone(&self.run);
        thread::spawn(move || {
            let mut failure = None;
            for _ in 0..count {
                if let Ok(Some(f)) = ended_rx.recv() {
                    failure.get_or_insert(f);
                }
            }
            let grace = if run.stopping() {
                run.stop_grace()
            } else {
                CLOSE_TIMEOUT
            };
            let deadline = Instant::now() + grace;
            for _ in 0..count {
                let left = deadline.saturating_duration_since(Instant::now());
                if closed_rx.recv_timeout(left).is_err() {
                    eprintln!(
                        "librdkafka driver: consumers still closing after {} ms; not waiting",
                        grace.as_millis()
                    );
                    break;
                }
            }
            let _ = tx.send(Msg::Ended(failure));
        });
    }

    /// Ends polling; the consumers then leave the group and commit, within the stop's grace.
    pub fn stop(&self) {
        self.stop.store(true, SeqCst);
    }
}

/// Counts of one poll, added to the shared counters once.
#[derive(Default)]
struct Tally {
    all: i64,
    all_bytes: i64,
    measured: i64,
    measured_bytes: i64,
}

/// Polls until a stop. One clock reading serves all records of a poll, as on the Java side: the poll's return is
/// when they reached the application.
fn poll(run: &Run, consumer: &BaseConsumer<ConsumerCtx>, stop: &AtomicBool) -> Result<(), String> {
    consumer
        .subscribe(&[run.slice.topic.as_str()])
        .map_err(|e| format!("subscribing to {}: {e}", run.slice.topic))?;
    let magic = run.slice.stamp_magic;
    let m = &run.metrics;
    let mut errors_seen = 0u64;
    while !stop.load(SeqCst) && !run.stopping() {
        let first = match consumer.poll(POLL_WAIT) {
            None => continue,
            Some(Err(e)) => {
                check_error(e, &mut errors_seen)?;
                continue;
            }
            Some(Ok(message)) => message,
        };
        let received = run.clock.nanos();
        let mut tally = Tally::default();
        count(&first, received, magic, run, &mut tally);
        for _ in 1..MAX_POLL_RECORDS {
            match consumer.poll(Duration::ZERO) {
                Some(Ok(message)) => count(&message, received, magic, run, &mut tally),
                Some(Err(e)) => {
                    check_error(e, &mut errors_seen)?;
                    break;
                }
                None => break,
            }
        }
        m.consumed_records.fetch_add(tally.all, SeqCst);
        m.consumed_bytes.fetch_add(tally.all_bytes, SeqCst);
        if tally.measured > 0 {
            m.consumed_measured.fetch_add(tally.measured, SeqCst);
            m.consumed_measured_bytes.fetch_add(tally.measured_bytes, SeqCst);
            m.first_record.fetch_min(received, SeqCst);
            m.last_record.fetch_max(received, SeqCst);
        }
    }
    Ok(())
}

fn count(message: &BorrowedMessage<'_>, received: i64, magic: i32, run: &Run, tally: &mut Tally) {
    let value = message.payload().unwrap_or(&[]);
    let size = (message.key().map_or(0, <[u8]>::len) + value.len()) as i64;
    tally.all += 1;
    tally.all_bytes += size;
    if let Some((true, sent)) = stamp_of(value, magic) {
        run.metrics.end_to_end.record(received - sent);
        tally.measured += 1;
        tally.measured_bytes += size;
    }
}

/// A consumer error: librdkafka reports most as events it recovers from (a broker gone, a partition's end), which
/// go to the log (the first ten, then every hundredth); a fatal one ends the run.
fn check_error(e: KafkaError, seen: &mut u64) -> Result<(), String> {
    if let KafkaError::MessageConsumptionFatal(code) = e {
        return Err(format!("consumer: fatal error {}", crate::context::error_name(code)));
    }
    *seen += 1;
    if *seen <= 10 || seen.is_multiple_of(100) {
        eprintln!("librdkafka driver: consumer error ({seen} so far): {e}");
    }
    Ok(())
}
