//! The slice (the first line on standard input) and the control lines after it, read strictly
//! (docs/drivers.md, "The slice" and "Control lines").

use crate::json::{refuse, shown, Obj, Refusal};
use serde_json::Value;
use std::collections::BTreeMap;

/// The driver contract this driver speaks (docs/drivers.md).
pub const CONTRACT_VERSION: i64 = 1;

/// Java's FaultWindows.MAX_WINDOWS: fault windows 0..63.
pub const MAX_FAULT_WINDOWS: usize = 64;

/// Which side of the workload one driver process serves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    Producers,
    Consumers,
}

/// Which key each record gets.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum KeyKind {
    /// No key.
    None,
    /// Record i gets key `i % count`.
    RoundRobin,
    /// Record i gets the key at position `i % n` of its thread's index file.
    Indices(Vec<String>),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Keys {
    pub kind: KeyKind,
    pub count: usize,
}

/// This process's part of the workload.
#[derive(Debug, Clone, PartialEq)]
pub struct Slice {
    pub run_id: String,
    pub role: Role,
    pub bootstrap: String,
    pub topic: String,
    pub stamp_magic: i32,
    pub clock_offset_nanos: i64,
    pub interval_nanos: i64,
    pub client_properties: BTreeMap<String, String>,
    pub producers: Option<ProducerSlice>,
    pub consumers: Option<ConsumerSlice>,
}

/// The producer threads `first .. first+count-1` of `total`.
#[derive(Debug, Clone, PartialEq)]
pub struct ProducerSlice {
    pub first: usize,
    pub count: usize,
    pub total: usize,
    pub rate_per_thread: f64,
    pub warmup_records: Vec<i64>,
    pub warmup_nanos: i64,
    pub auto_warmup: bool,
    /// Per thread, or None when the measured part is bounded by time (`measured_nanos`).
    pub measured_records: Option<Vec<i64>>,
    pub measured_nanos: Option<i64>,
    pub values_files: Vec<String>,
    pub keys: Keys,
    pub verify: bool,
    pub send_log_dir: Option<String>,
}

/// The consumers `first .. first+count-1`, all in one group.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConsumerSlice {
    pub first: usize,
    pub count: usize,
    pub group: String,
}

const SLICE_KEYS: &[&str] = &[
    "contract",
    "runId",
    "role",
    "bootstrap",
    "topic",
    "stampMagic",
    "clockOffsetNanos",
    "intervalNanos",
    "clientProperties",
    "producers",
    "consumers",
];
const PRODUCER_KEYS: &[&str] = &[
    "first",
    "count",
    "total",
    "ratePerThread",
    "warmupRecords",
    "warmupNanos",
    "autoWarmup",
    "measuredRecords",
    "measuredNanos",
    "valuesFiles",
    "keys",
    "verify",
    "sendLogDir",
];
const KEYS_KEYS: &[&str] = &["type", "count", "indexFiles"];
const CONSUMER_KEYS: &[&str] = &["first", "count", "group"];

/// Reads one slice line strictly: unknown keys, wrong types and missing keys are refusals.
pub fn decode_slice(line: &[u8]) -> Result<Slice, Refusal> {
    let value: Value =
        serde_json::from_slice(line).map_err(|e| Refusal(format!("slice: not one JSON object ({e})")))?;
    let o = Obj::new("slice", &value, SLICE_KEYS)?;
    let contract = o.i64("contract")?;
    let run_id = o.str("runId")?;
    let role = o.str("role")?;
    let bootstrap = o.str("bootstrap")?;
    let topic = o.str("topic")?;
    let stamp_magic = o.int_in("stampMagic", i32::MIN as i64, i32::MAX as i64)? as i32;
    let clock_offset_nanos = o.i64("clockOffsetNanos")?;
    let interval_nanos = o.i64("intervalNanos")?;
    let client_properties = o.string_map("clientProperties")?;
    if contract != CONTRACT_VERSION {
        return Err(refuse(
            "slice.contract",
            contract,
            &format!("this driver speaks contract {CONTRACT_VERSION}"),
        ));
    }
    if bootstrap.trim().is_empty() {
        return Err(refuse("slice.bootstrap", "''", "must name at least one host:port"));
    }
    bootstrap_servers(&bootstrap)?;
    if topic.trim().is_empty() {
        return Err(refuse("slice.topic", "''", "must not be empty"));
    }
    if interval_nanos < 1_000_000 {
        return Err(refuse("slice.intervalNanos", interval_nanos, "must be at least 1 ms"));
    }
    let producers = o.opt_obj("producers", PRODUCER_KEYS)?;
    let consumers = o.opt_obj("consumers", CONSUMER_KEYS)?;
    let (role, producers, consumers) = match (role.as_str(), producers, consumers) {
        ("producers", Some(p), None) => (Role::Producers, Some(producer_slice(&p)?), None),
        ("consumers", None, Some(c)) => (Role::Consumers, None, Some(consumer_slice(&c)?)),
        ("producers", _, _) => return Err(refuse("slice.role", role, "needs producers and consumers: null")),
        ("consumers", _, _) => return Err(refuse("slice.role", role, "needs consumers and producers: null")),
        _ => return Err(refuse("slice.role", role, "must be producers or consumers")),
    };
    Ok(Slice {
        run_id,
        role,
        bootstrap,
        topic,
        stamp_magic,
        clock_offset_nanos,
        interval_nanos,
        client_properties,
        producers,
        consumers,
    })
}

fn producer_slice(p: &Obj<'_>) -> Result<ProducerSlice, Refusal> {
    let first = p.int_in("first", 0, 65535)? as usize;
    let count = p.int_in("count", 1, 65535)? as usize;
    let total = p.int_in("total", 1, 65535)? as usize;
    if first + count > total {
        return Err(refuse(
            "slice.producers",
            format!("first {first}, count {count}, total {total}"),
            "needs 0 <= first, 1 <= count, first+count <= total <= 65535",
        ));
    }
    let rate_per_thread = p.f64("ratePerThread")?;
    // NaN is in no range, so it is refused too.
    if !(0.0..=1e12).contains(&rate_per_thread) {
        return Err(refuse(
            "slice.producers.ratePerThread",
            rate_per_thread,
            "must be 0 (unlimited) or a positive rate",
        ));
    }
    let warmup_records = p.i64_list("warmupRecords")?;
    let warmup_nanos = p.i64("warmupNanos")?;
    if warmup_nanos < 0 {
        return Err(refuse("slice.producers.warmupNanos", warmup_nanos, "must be 0 or more"));
    }
    let auto_warmup = p.bool("autoWarmup")?;
    let measured_records = p.opt_i64_list("measuredRecords")?;
    let measured_nanos = p.opt_i64("measuredNanos")?;
    if measured_records.is_some() == measured_nanos.is_some() {
        return Err(refuse(
            "slice.producers.measuredRecords",
            if measured_records.is_some() { "given" } else { "null" },
            "exactly one of measuredRecords and measuredNanos is given",
        ));
    }
    if let Some(n) = measured_nanos.filter(|n| *n <= 0) {
        return Err(refuse("slice.producers.measuredNanos", n, "must be more than 0"));
    }
    let values_files = p.str_list("valuesFiles")?;
    let mut per_thread = vec![
        ("warmupRecords", warmup_records.len()),
        ("valuesFiles", values_files.len()),
    ];
    if let Some(m) = &measured_records {
        per_thread.push(("measuredRecords", m.len()));
    }
    for (name, n) in per_thread {
        if n != count {
            return Err(refuse(
                &format!("slice.producers.{name}"),
                format!("{n} entries"),
                &format!("needs one per thread ({count})"),
            ));
        }
    }
    let keys = keys(&p.obj("keys", KEYS_KEYS)?, count)?;
    let verify = p.bool("verify")?;
    let send_log_dir = p.opt_str("sendLogDir")?;
    if verify && send_log_dir.as_deref().unwrap_or("").is_empty() {
        return Err(refuse(
            "slice.producers.sendLogDir",
            "null",
            "verify needs a directory for the send logs",
        ));
    }
    Ok(ProducerSlice {
        first,
        count,
        total,
        rate_per_thread,
        warmup_records,
        warmup_nanos,
        auto_warmup,
        measured_records,
        measured_nanos,
        values_files,
        keys,
        verify,
        send_log_dir,
    })
}

fn keys(k: &Obj<'_>, threads: usize) -> Result<Keys, Refusal> {
    let kind = k.str("type")?;
    let count = k.int_in("count", 0, 1 << 30)? as usize;
    let files = k.opt_str_list("indexFiles")?;
    let kind = match kind.as_str() {
        "none" => KeyKind::None,
        "round_robin" if count >= 1 => KeyKind::RoundRobin,
        "round_robin" => {
            return Err(refuse(
                "slice.producers.keys.count",
                count,
                "round_robin needs at least one key",
            ))
        }
        "indices" => match files {
            Some(files) if files.len() == threads && count >= 1 => KeyKind::Indices(files),
            _ => {
                return Err(refuse(
                    "slice.producers.keys.indexFiles",
                    "(not one per thread)",
                    &format!("indices need one file per thread ({threads}) and a key count"),
                ))
            }
        },
        _ => {
            return Err(refuse(
                "slice.producers.keys.type",
                kind,
                "must be none, round_robin or indices",
            ))
        }
    };
    Ok(Keys { kind, count })
}

fn consumer_slice(c: &Obj<'_>) -> Result<ConsumerSlice, Refusal> {
    let first = c.int_in("first", 0, 1 << 20)? as usize;
    let count = c.int_in("count", 1, 1 << 20)? as usize;
    let group = c.str("group")?;
    if group.is_empty() {
        return Err(refuse("slice.consumers.group", "''", "must name the group"));
    }
    Ok(ConsumerSlice { first, count, group })
}

/// The bootstrap servers, each `host:port` with a numeric port.
pub fn bootstrap_servers(bootstrap: &str) -> Result<Vec<String>, Refusal> {
    bootstrap
        .split(',')
        .map(|s| {
            let s = s.trim();
            match s.rsplit_once(':') {
                Some((host, port)) if !host.is_empty() && port.parse::<u16>().is_ok() => Ok(s.to_string()),
                _ => Err(refuse("slice.bootstrap", bootstrap, "must be host:port[,host:port]")),
            }
        })
        .collect()
}

/// A line kbench writes after the slice.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Control {
    Start { start_nanos: i64 },
    WarmupEnd { nanos: i64 },
    FaultOpen { index: usize, nanos: i64 },
    FaultClose { index: usize, nanos: i64 },
    Stop { grace_ms: i64 },
}

/// Reads one control line strictly: its type, exactly the fields that type has.
pub fn decode_control(line: &[u8]) -> Result<Control, Refusal> {
    let text = String::from_utf8_lossy(line);
    let bad = |why: &str| {
        Refusal(format!(
            "control line {}: {why}",
            shown(&Value::String(text.to_string()))
        ))
    };
    let value: Value = serde_json::from_slice(line).map_err(|e| bad(&format!("not JSON ({e})")))?;
    let kind = value
        .get("type")
        .and_then(Value::as_str)
        .ok_or_else(|| bad("no type"))?;
    let fields: &[&str] = match kind {
        "start" => &["type", "startNanos"],
        "warmup-end" => &["type", "nanos"],
        "fault-open" | "fault-close" => &["type", "index", "nanos"],
        "stop" => &["type", "graceMs"],
        _ => return Err(bad("unknown type")),
    };
    let o = Obj::new("control", &value, fields).map_err(|r| bad(&r.0))?;
    let c = match kind {
        "start" => Control::Start {
            start_nanos: o.i64("startNanos")?,
        },
        "warmup-end" => Control::WarmupEnd { nanos: o.i64("nanos")? },
        "stop" => Control::Stop {
            grace_ms: o.int_in("graceMs", 0, 1 << 40)?,
        },
        _ => {
            let index = o.int_in("index", 0, MAX_FAULT_WINDOWS as i64 - 1)? as usize;
            let nanos = o.i64("nanos")?;
            if kind == "fault-open" {
                Control::FaultOpen { index, nanos }
            } else {
                Control::FaultClose { index, nanos }
            }
        }
    };
    Ok(c)
}
