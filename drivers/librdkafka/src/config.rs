//! `clientProperties` to librdkafka's configuration (docs/drivers.md#librdkafka). kbench maps the Java names to
//! librdkafka's own first (its table io.kbench.driver.ClientPropertyTable, docs/clients.md#librdkafka); this driver
//! takes exactly those names and has librdkafka itself check every value (`rd_kafka_conf_set`), so a value librdkafka
//! would not take is refused before anything connects.

use crate::json::{refuse, Refusal};
use rdkafka::config::RDKafkaLogLevel;
use rdkafka::error::KafkaError;
use rdkafka::ClientConfig;
use std::collections::BTreeMap;

/// The names this driver takes, by the side they serve: librdkafka's names of kbench's table, plus `partitioner`,
/// which kbench sets to `murmur2_random` so a key lands on the partition the Java client would pick.
pub const PRODUCER_NAMES: &[&str] = &[
    "acks",
    "enable.idempotence",
    "linger.ms",
    "batch.size",
    "compression.type",
    "max.in.flight.requests.per.connection",
    "queue.buffering.max.kbytes",
    "request.timeout.ms",
    "delivery.timeout.ms",
    "retries",
    "retry.backoff.ms",
    "message.max.bytes",
    "partitioner",
];
pub const CONSUMER_NAMES: &[&str] = &[
    "fetch.min.bytes",
    "fetch.max.bytes",
    "max.partition.fetch.bytes",
    "fetch.wait.max.ms",
    "auto.offset.reset",
    "isolation.level",
    "session.timeout.ms",
    "heartbeat.interval.ms",
    "max.poll.interval.ms",
    "enable.auto.commit",
    "auto.commit.interval.ms",
    "group.instance.id",
    "client.rack",
];
pub const CONNECTION_NAMES: &[&str] = &[
    "security.protocol",
    "sasl.mechanisms",
    "sasl.username",
    "sasl.password",
    "ssl.endpoint.identification.algorithm",
    "ssl.ca.pem",
    "ssl.certificate.pem",
    "ssl.key.pem",
];

/// The client settings of a slice, checked: what every client of this process is created with.
#[derive(Debug, Clone)]
pub struct Options {
    properties: BTreeMap<String, String>,
    /// acks=0 gives no offsets, so a send log records none.
    pub acks_none: bool,
    /// The workload chose where a consumer without a committed offset starts (else: the end, at assignment).
    pub offset_reset_given: bool,
}

/// A value as a refusal may show it: never a secret.
pub fn shown(key: &str, value: &str) -> String {
    if key.contains("password") || key.contains("key") {
        "(hidden)".to_string()
    } else {
        value.to_string()
    }
}

/// Checks `props` (keys in sorted order, so the same slice always names the same key): each a name this driver takes
/// and a value librdkafka takes.
pub fn parse_options(props: &BTreeMap<String, String>) -> Result<Options, Refusal> {
    for (k, v) in props {
        let known = [PRODUCER_NAMES, CONSUMER_NAMES, CONNECTION_NAMES]
            .iter()
            .any(|names| names.contains(&k.as_str()));
        if !known {
            return Err(refuse(
                &format!("clientProperties.{k}"),
                shown(k, v),
                "not an option of the librdkafka driver (docs/drivers.md#librdkafka)",
            ));
        }
    }
    let options = Options {
        properties: props.clone(),
        acks_none: props.get("acks").map(|a| a.trim() == "0").unwrap_or(false),
        offset_reset_given: props.contains_key("auto.offset.reset"),
    };
    // rd_kafka_conf_set on every key: librdkafka's own check of each name and value, without connecting.
    options
        .client_config("check", "kbench-check")
        .create_native_config()
        .map_err(config_refusal)?;
    Ok(options)
}

impl Options {
    /// The configuration of one client: the slice's bootstrap servers, its client id, the properties.
    pub fn client_config(&self, bootstrap: &str, client_id: &str) -> ClientConfig {
        let mut c = ClientConfig::new();
        c.set("bootstrap.servers", bootstrap);
        c.set("client.id", client_id);
        for (k, v) in &self.properties {
            c.set(k, v.trim());
        }
        // Warnings and errors reach the driver's log (standard error) through the contexts' log().
        c.set_log_level(RDKafkaLogLevel::Warning);
        c
    }
}

/// librdkafka's refusal of a configuration, as the contract's one line (a secret's value is never shown).
pub fn config_refusal(e: KafkaError) -> Refusal {
    match e {
        KafkaError::ClientConfig(_, description, key, value) => {
            let description = if shown(&key, &value) != value {
                "librdkafka refuses the value".to_string()
            } else {
                format!("librdkafka: {}", one_line(&description))
            };
            refuse(&format!("clientProperties.{key}"), shown(&key, &value), &description)
        }
        KafkaError::ClientCreation(text) => Refusal(format!(
            "clientProperties: librdkafka refuses the configuration: {}",
            one_line(&text)
        )),
        other => Refusal(format!("clientProperties: {}", one_line(&other.to_string()))),
    }
}

fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}
