//! The cluster as a driver finds it before ready: a broker answers, and the run's topic is known with a leader for
//! every partition (kbench created it a moment before; a driver never creates or deletes one).

use crate::run::{Run, SetupError};
use rdkafka::client::{Client, ClientContext};
use rdkafka::metadata::Metadata;
use std::thread;
use std::time::{Duration, Instant};

/// How long a client waits before ready for its topic to be known with a leader for every partition. kbench created
/// the topic a moment before, and a broker whose metadata has not caught up yet says it does not exist, or has no
/// leader yet; the Java producer waits for a topic's metadata likewise (up to `max.block.ms`).
pub const TOPIC_WAIT: Duration = Duration::from_secs(30);
/// The pause between two metadata requests while the topic is not ready.
const TOPIC_RETRY: Duration = Duration::from_millis(200);

/// Checks the cluster answers and has the topic (kbench created it; a driver never creates one), before ready: the
/// first answer must come within `CONNECT_TIMEOUT`, the topic with its leaders within `TOPIC_WAIT`.
pub fn check_cluster<C: ClientContext>(client: &Client<C>, run: &Run) -> Result<(), SetupError> {
    let timeout = crate::produce::CONNECT_TIMEOUT;
    let deadline = Instant::now() + TOPIC_WAIT;
    let topic = &run.slice.topic;
    let mut answered = false;
    loop {
        // All topics: asking for one by name may create it on a broker that creates topics on demand.
        let problem = match client.fetch_metadata(None, timeout) {
            Ok(metadata) => {
                answered = true;
                match topic_problem(&metadata, topic) {
                    None => return Ok(()),
                    Some(problem) => problem,
                }
            }
            Err(e) if !answered => {
                return Err(SetupError::Failed(format!(
                    "no broker of {} answered within {} s: {e}",
                    run.slice.bootstrap,
                    timeout.as_secs()
                )))
            }
            Err(e) => format!("has no metadata ({e})"),
        };
        if Instant::now() + TOPIC_RETRY >= deadline {
            return Err(SetupError::Failed(format!(
                "topic {topic} {problem} on {} after waiting {} s for its metadata",
                run.slice.bootstrap,
                TOPIC_WAIT.as_secs()
            )));
        }
        thread::sleep(TOPIC_RETRY);
    }
}

/// What keeps `topic` from being written and read now, or None: unknown, an error, no partitions, or a partition
/// without a leader.
pub fn topic_problem(metadata: &Metadata, topic: &str) -> Option<String> {
    let Some(t) = metadata.topics().iter().find(|t| t.name() == topic) else {
        return Some("does not exist".to_string());
    };
    if let Some(e) = t.error() {
        return Some(format!("is not ready ({e:?})"));
    }
    if t.partitions().is_empty() {
        return Some("has no partitions yet".to_string());
    }
    t.partitions()
        .iter()
        .find(|p| p.leader() < 0 || p.error().is_some())
        .map(|p| format!("has no leader for partition {} yet", p.id()))
}
