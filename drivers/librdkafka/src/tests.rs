//! The contract's test vectors (drivers/testdata, written by the Java side's ContractVectorsTest from its own classes):
//! this driver must read and write the same bytes. `UPDATE_VECTORS=1 cargo test` rewrites
//! drivers/testdata/librdkafka/histograms.hlog, which the Java side reads back through HdrHistogram's log reader.

use crate::config::parse_options;
use crate::context::{delivered_stamp, error_name, may_be_written, pack, unpack};
use crate::contract::{decode_control, decode_slice, Control, KeyKind, Role};
use crate::files::{parse_indices, read_values};
use crate::hist::{encode, new_histogram, Recorder};
use crate::metrics::FaultWindows;
use crate::rules::*;
use crate::sendlog::SendLog;
use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use hdrhistogram::serialization::interval_log::IntervalLogWriterBuilder;
use hdrhistogram::serialization::{Deserializer, V2DeflateSerializer};
use hdrhistogram::Histogram;
use rdkafka::types::RDKafkaErrorCode;
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::{Duration, UNIX_EPOCH};

/// The contract's vectors beside this checkout's sources. `cargo test` sets `CARGO_MANIFEST_DIR` when it runs the
/// tests; the compile-time value is only a fallback, as a test binary may be reused from kbench's shared target
/// directory after a build of another checkout (a removed worktree's path).
fn vectors() -> PathBuf {
    let dir = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_else(|_| env!("CARGO_MANIFEST_DIR").to_string());
    PathBuf::from(dir).join("../testdata")
}

fn read_json(name: &str) -> Value {
    let text = std::fs::read_to_string(vectors().join(name)).unwrap_or_else(|e| panic!("vector {name}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("vector {name}: {e}"))
}

fn cases(v: &Value) -> &Vec<Value> {
    v["cases"].as_array().expect("cases")
}

fn hex(text: &str) -> Vec<u8> {
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&text[i..i + 2], 16).expect("hex"))
        .collect()
}

/// The vectors' value before stamping: byte i = (i*37+11) mod 256.
fn fill(n: usize) -> Vec<u8> {
    (0..n).map(|i| (i * 37 + 11) as u8).collect()
}

fn decode(text: &str) -> Histogram<u64> {
    let bytes = STANDARD.decode(text).expect("base64");
    Deserializer::new()
        .deserialize(&mut std::io::Cursor::new(bytes))
        .expect("an HdrHistogram encoding")
}

#[test]
fn stamps_are_javas_bytes() {
    let v = read_json("stamps.json");
    assert!(cases(&v).len() >= 5);
    for (i, c) in cases(&v).iter().enumerate() {
        let want = hex(c["value"].as_str().unwrap());
        let magic = c["magic"].as_i64().unwrap() as i32;
        let (measured, send) = (c["measured"].as_bool().unwrap(), c["sendNanos"].as_i64().unwrap());
        // Reading: every case, including the aborted flag a v1 driver never writes.
        let read = stamp_of(&want, magic);
        if c["stamped"].as_bool().unwrap() {
            assert_eq!(read, Some((measured, send)), "case {i}: read");
            assert_eq!(
                phase_of(&want) & PHASE_ABORTED != 0,
                c["aborted"].as_bool().unwrap(),
                "case {i}"
            );
        } else {
            assert_eq!(read, None, "case {i}: a value shorter than a stamp carries none");
        }
        if c["aborted"].as_bool().unwrap() {
            continue;
        }
        // Writing: the same bytes as Java's Stamp.write / writeId.
        let mut got = fill(c["length"].as_u64().unwrap() as usize);
        write_stamp(&mut got, magic, measured, send);
        if let Some(producer) = c["producer"].as_u64() {
            if got.len() >= STAMP_ID_BYTES {
                let seq = c["sequence"].as_i64().unwrap();
                write_stamp_id(&mut got, producer as u16, seq);
                assert_eq!(sequence_of(&got), Some(seq), "case {i}: sequence read back");
            }
        }
        assert_eq!(got, want, "case {i}: written bytes");
    }
}

#[test]
fn schedule_is_javas_rate_schedule() {
    let v = read_json("schedule.json");
    assert!(cases(&v).len() >= 5);
    for (i, c) in cases(&v).iter().enumerate() {
        let phase = c["thread"].as_f64().unwrap() / c["threads"].as_f64().unwrap();
        let s = Schedule::new(
            c["ratePerThread"].as_f64().unwrap(),
            c["startNanos"].as_i64().unwrap(),
            phase,
        );
        let indexes = c["indexes"].as_array().unwrap();
        let intended = c["intendedNanos"].as_array().unwrap();
        for (index, want) in indexes.iter().zip(intended) {
            let index = index.as_i64().unwrap();
            assert_eq!(s.intended(index), want.as_i64().unwrap(), "case {i}: record {index}");
        }
    }
}

/// [lowest equivalent value, count] of each bucket that has a count: the vectors' form.
fn buckets(h: &Histogram<u64>) -> Vec<(u64, u64)> {
    h.iter_recorded()
        .map(|v| (h.lowest_equivalent(v.value_iterated_to()), v.count_at_value()))
        .collect()
}

fn vector_buckets(c: &Value) -> Vec<(u64, u64)> {
    c["buckets"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| (b[0].as_u64().unwrap(), b[1].as_u64().unwrap()))
        .collect()
}

#[test]
fn histograms_are_javas_buckets_and_their_log_reads_in_java() {
    let v = read_json("histograms.json");
    assert_eq!(v["lowest"].as_u64(), Some(LOWEST_MICROS));
    assert_eq!(v["highest"].as_u64(), Some(HIGHEST_MICROS));
    assert_eq!(v["significantDigits"].as_u64(), Some(SIGNIFICANT_DIGITS as u64));
    let mut log = Vec::new();
    let mut serializer = V2DeflateSerializer::new();
    {
        let mut writer = IntervalLogWriterBuilder::new()
            .add_comment("kbench librdkafka driver: the histogram vectors of drivers/testdata/histograms.json, one interval per case")
            .with_base_time(UNIX_EPOCH)
            .with_start_time(UNIX_EPOCH)
            .begin_log_with(&mut log, &mut serializer)
            .expect("log header");
        for (i, c) in cases(&v).iter().enumerate() {
            let name = c["name"].as_str().unwrap();
            // Java's encoding decodes to Java's buckets.
            let java = decode(c["encoded"].as_str().unwrap());
            assert_eq!(buckets(&java), vector_buckets(c), "{name}: Java's encoding");
            assert_eq!(java.len(), c["totalCount"].as_u64().unwrap(), "{name}");
            // The same latencies recorded by this driver's rule give the same buckets, through this driver's encoding.
            let r = Recorder::default();
            for l in c["latencyNanos"].as_array().unwrap() {
                for _ in 0..l[1].as_u64().unwrap() {
                    r.record(l[0].as_i64().unwrap());
                }
            }
            let mine = decode(&r.take_encoded());
            assert_eq!(buckets(&mine), vector_buckets(c), "{name}: recorded here");
            assert_eq!(
                (mine.low(), mine.high(), mine.sigfig()),
                (1, 3_600_000_000, 3),
                "{name}: kbench's shape"
            );
            let header = STANDARD.decode(r.take_encoded()).unwrap();
            assert_eq!(&header[..4], &0x1c84_9314u32.to_be_bytes(), "V2 compressed cookie");
            writer
                .write_histogram(&mine, Duration::from_secs(i as u64), Duration::from_secs(1), None)
                .expect("a log line");
        }
    }
    let path = vectors().join("librdkafka").join("histograms.hlog");
    if std::env::var("UPDATE_VECTORS").as_deref() == Ok("1") {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, &log).unwrap();
    }
    let committed = std::fs::read(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (UPDATE_VECTORS=1 cargo test writes it)", path.display()));
    assert!(
        committed == log,
        "{} differs from what this driver writes now (UPDATE_VECTORS=1 cargo test rewrites it)",
        path.display()
    );
}

#[test]
fn an_empty_histogram_still_encodes_in_kbenchs_shape() {
    let h = decode(&encode(&new_histogram()));
    assert_eq!((h.len(), h.low(), h.high(), h.sigfig()), (0, 1, 3_600_000_000, 3));
}

#[test]
fn send_log_file_is_javas() {
    let v = read_json("sendlog.json");
    let log = SendLog::new(v["producer"].as_u64().unwrap() as usize);
    for e in v["events"].as_array().unwrap() {
        let (first, count) = (e["first"].as_i64().unwrap(), e["count"].as_i64().unwrap());
        for seq in first..first + count {
            match e["op"].as_str().unwrap() {
                "sending" => log.sending(seq),
                "ack" => {
                    let offset = e["offset"].as_i64().unwrap();
                    let offset = if offset >= 0 { offset + (seq - first) } else { -1 };
                    log.acknowledged(seq, e["partition"].as_i64().unwrap() as i32, offset);
                }
                "fail" => log.failed(seq, e["error"].as_str() != Some("definite")),
                other => panic!("unknown op {other}"),
            }
        }
    }
    let want = std::fs::read(vectors().join("sendlog.bin")).unwrap();
    assert_eq!(log.encode(), want);
}

#[test]
fn values_file_reads_as_written() {
    let v = read_json("values.json");
    let values = read_values(vectors().join("values.bin").to_str().unwrap()).unwrap();
    assert_eq!(values.len() as u64, v["count"].as_u64().unwrap());
    assert_eq!(
        values.iter().map(Vec::len).sum::<usize>() as u64,
        v["totalBytes"].as_u64().unwrap()
    );
    assert_eq!(values[0], hex(v["first"].as_str().unwrap()));
    for (i, n) in v["firstLengths"].as_array().unwrap().iter().enumerate() {
        assert_eq!(values[i].len() as u64, n.as_u64().unwrap(), "value {i}");
    }
}

#[test]
fn key_index_files_are_checked() {
    let mut b = 2u32.to_be_bytes().to_vec();
    b.extend(1u32.to_be_bytes());
    b.extend(0u32.to_be_bytes());
    assert_eq!(parse_indices(&b, 2), Ok(vec![1, 0]));
    assert!(parse_indices(&b, 1).unwrap_err().contains("key index 1 at position 0"));
    assert!(parse_indices(&b[..8], 2).is_err(), "cut off");
}

#[test]
fn sample_slices_parse_strictly() {
    for name in ["slice-producers.json", "slice-consumers.json"] {
        let b = std::fs::read(vectors().join(name)).unwrap();
        assert_eq!(
            String::from_utf8_lossy(&b).trim().lines().count(),
            1,
            "{name}: a slice is one line"
        );
        decode_slice(&b).unwrap_or_else(|r| panic!("{name}: {r}"));
    }
    // The samples carry the Java names franz-go takes; librdkafka's consumers get fetch.wait.max.ms from kbench.
    let consumers = std::fs::read_to_string(vectors().join("slice-consumers.json")).unwrap();
    assert!(parse_options(&decode_slice(consumers.as_bytes()).unwrap().client_properties).is_err());
    let mapped = consumers.replace("fetch.max.wait.ms", "fetch.wait.max.ms");
    parse_options(&decode_slice(mapped.as_bytes()).unwrap().client_properties).expect("librdkafka's name");
    let p = decode_slice(&std::fs::read(vectors().join("slice-producers.json")).unwrap()).unwrap();
    parse_options(&p.client_properties).expect("acks, linger.ms and compression.type are librdkafka's names too");
    assert_eq!(p.role, Role::Producers);
    let ps = p.producers.unwrap();
    assert_eq!((ps.first, ps.count, ps.total, ps.rate_per_thread), (0, 2, 2, 2500.0));
    assert_eq!(ps.measured_records, Some(vec![5000, 5000]));
    assert_eq!(ps.keys.kind, KeyKind::None);
}

#[test]
fn bad_slices_are_refused_in_one_line_naming_the_field() {
    let sample = std::fs::read_to_string(vectors().join("slice-producers.json")).unwrap();
    let cases = [
        (
            r#""topic":"kbench""#,
            r#""topic":"kbench","colour":"blue""#,
            r#"slice.colour = "blue": unknown field"#,
        ),
        (
            r#""intervalNanos":1000000000"#,
            r#""intervalNanos":"1s""#,
            r#"slice.intervalNanos = "1s": must be a whole number"#,
        ),
        (
            r#""contract":1"#,
            r#""contract":2"#,
            "slice.contract = 2: this driver speaks contract 1",
        ),
        (
            r#""ratePerThread":2500.0"#,
            r#""ratePerThread":-1"#,
            "slice.producers.ratePerThread = -1",
        ),
        (
            r#""warmupRecords":[500,500]"#,
            r#""warmupRecords":[500]"#,
            "slice.producers.warmupRecords = 1 entries",
        ),
        (
            r#""linger.ms":"5""#,
            r#""max.block.ms":"30000""#,
            "clientProperties.max.block.ms = 30000: not an option of the librdkafka driver",
        ),
        (
            r#""acks":"all""#,
            r#""acks":"banana""#,
            "clientProperties.acks = banana: librdkafka: ",
        ),
        (
            r#""stampMagic":1801650177,"#,
            "",
            "slice.stampMagic = missing: required",
        ),
        (
            r#""role":"producers""#,
            r#""role":"consumers""#,
            "slice.role = consumers: needs consumers and producers: null",
        ),
        (
            r#""bootstrap":"127.0.0.1:9092""#,
            r#""bootstrap":"localhost""#,
            "slice.bootstrap = localhost: must be host:port",
        ),
    ];
    for (from, to, want) in cases {
        assert!(sample.contains(from), "sample lacks {from}");
        let line = sample.replacen(from, to, 1);
        let refusal = decode_slice(line.as_bytes())
            .and_then(|s| parse_options(&s.client_properties).map(|_| ()))
            .expect_err(to);
        assert!(
            !refusal.0.contains('\n') && refusal.0.contains(want),
            "{to}: refused with {:?}, want {want:?}",
            refusal.0
        );
    }
}

#[test]
fn secrets_are_never_shown() {
    let props: BTreeMap<String, String> = [
        ("security.protocol", "sasl_ssl"),
        ("sasl.mechanisms", "PLAIN"),
        ("sasl.username", "u"),
        ("sasl.password", "hunter2"),
        ("sasl.kerberos.keytab", "x"),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v.to_string()))
    .collect();
    let refusal = parse_options(&props).unwrap_err();
    assert!(
        !refusal.0.contains("hunter2") && refusal.0.contains("sasl.kerberos.keytab"),
        "{refusal}"
    );
    let mut bad_key = BTreeMap::new();
    bad_key.insert("ssl.key.pem".to_string(), "secret".to_string());
    bad_key.insert("security.protocol".to_string(), "nonsense".to_string());
    let refusal = parse_options(&bad_key).unwrap_err();
    assert!(!refusal.0.contains("secret"), "{refusal}");
}

#[test]
fn clock_is_clock_monotonic_plus_the_offset() {
    let c = crate::clock::Clock::new(0);
    for _ in 0..5 {
        let before = crate::clock::monotonic_now();
        let got = c.nanos();
        let after = crate::clock::monotonic_now();
        assert!(before <= got && got <= after, "{got} outside [{before}, {after}]");
    }
    let shifted = crate::clock::Clock::new(5_000_000_000);
    let d = shifted.nanos() - crate::clock::monotonic_now();
    assert!((4_999_000_000..=5_000_000_000).contains(&d), "offset 5 s gives {d} ns");
    assert!(crate::clock::cpu_nanos() > 0);
}

#[test]
fn latency_rule_clamps_as_java() {
    for (nanos, want) in [
        (-5000, 0),
        (-999, 0),
        (999, 0),
        (1000, 1),
        (1999, 1),
        (3_600_000_000_999_999, HIGHEST_MICROS),
        (i64::MAX, HIGHEST_MICROS),
    ] {
        assert_eq!(latency_micros(nanos), want, "{nanos}");
    }
}

#[test]
fn a_delivery_report_reads_the_stamp_back_from_the_value() {
    let magic = 1_801_650_177;
    let mut value = fill(100);
    write_stamp(&mut value, magic, true, 123_456_789);
    // The value's stamp wins; the opaque serves only values too short for one.
    assert_eq!(delivered_stamp(&value, magic, pack(5, false)), (true, 123_456_789));
    assert_eq!(delivered_stamp(&value[..15], magic, pack(-42, true)), (true, -42));
    for (t, m) in [
        (0, false),
        (1, true),
        (-1, true),
        (48_447_572_565_582, false),
        ((1 << 61) - 1, true),
        (-(1 << 61), false),
    ] {
        assert_eq!(unpack(pack(t, m)), (m, t));
    }
}

#[test]
fn control_lines_are_read_strictly() {
    assert_eq!(
        decode_control(br#"{"type":"start","startNanos":42}"#),
        Ok(Control::Start { start_nanos: 42 })
    );
    assert_eq!(
        decode_control(br#"{"type":"fault-open","index":3,"nanos":7}"#),
        Ok(Control::FaultOpen { index: 3, nanos: 7 })
    );
    assert_eq!(
        decode_control(br#"{"type":"stop","graceMs":3000}"#),
        Ok(Control::Stop { grace_ms: 3000 })
    );
    for bad in [
        r#"{"type":"start"}"#,
        r#"{"type":"start","startNanos":1,"nanos":2}"#,
        r#"{"type":"fault-close","index":64,"nanos":1}"#,
        r#"{"type":"pause"}"#,
        "start",
    ] {
        assert!(decode_control(bad.as_bytes()).is_err(), "{bad} accepted");
    }
}

#[test]
fn errors_are_counted_under_librdkafkas_names_and_classified_as_java_does() {
    assert_eq!(error_name(RDKafkaErrorCode::NotEnoughReplicas), "NOT_ENOUGH_REPLICAS");
    assert_eq!(error_name(RDKafkaErrorCode::MessageTimedOut), "_MSG_TIMED_OUT");
    assert!(!may_be_written(RDKafkaErrorCode::MessageSizeTooLarge));
    assert!(!may_be_written(RDKafkaErrorCode::PurgeQueue));
    assert!(may_be_written(RDKafkaErrorCode::MessageTimedOut));
    assert!(may_be_written(RDKafkaErrorCode::PurgeInflight));
    assert!(may_be_written(RDKafkaErrorCode::NotEnoughReplicas));
}

#[test]
fn version_names_the_linked_librdkafka() {
    let line: Value = serde_json::from_str(&crate::version_line()).unwrap();
    assert_eq!(line["contract"], 1);
    assert_eq!(line["client"], "librdkafka");
    // rdkafka-sys 4.10.0+2.12.1 bundles librdkafka 2.12.1; the line is what rd_kafka_version_str says at run time.
    assert_eq!(line["clientVersion"], "2.12.1");
}

#[test]
fn a_line_over_four_mebibytes_is_refused_without_holding_more() {
    let long = vec![b'x'; crate::MAX_LINE_BYTES + 10];
    let mut input = std::io::Cursor::new(long);
    assert!(matches!(crate::read_line(&mut input), Err(crate::LineError::TooLong)));
    let mut two = std::io::Cursor::new(b"{\"a\":1}\r\n{}".to_vec());
    assert_eq!(crate::read_line(&mut two).unwrap(), Some(b"{\"a\":1}".to_vec()));
    assert_eq!(crate::read_line(&mut two).unwrap(), Some(b"{}".to_vec()));
    assert_eq!(crate::read_line(&mut two).unwrap(), None);
}

/// A roll step's rate is the records acknowledged inside its window by acknowledgement time (the intended time plus
/// the latency in whole microseconds, as Java's SendWindows), while its latency and failures go by intended time.
#[test]
fn fault_windows_count_acknowledgements_by_acknowledgement_time() {
    let f = FaultWindows::default();
    f.open(0, 1_000_000);
    f.close(0, 2_000_000);
    f.open(1, 2_000_000); // still open at the end: counts until then
    f.acknowledged(500_000, 600_000); // intended before window 0, acknowledged in it
    f.acknowledged(1_500_000, 500_000); // intended in 0, acknowledged at its close: in 1
    f.acknowledged(1_500_000, 499_999); // acknowledged at 1,999,000 (whole microseconds): in 0
    f.acknowledged(2_500_000, 9_000_000); // intended and acknowledged in 1
    f.failed(1_200_000);
    let report = f.report();
    let windows = report.as_array().expect("done.faults is a list");
    assert_eq!(windows.len(), 2, "{report}");
    for (i, (acknowledged, failures)) in [(2, 1), (2, 0)].into_iter().enumerate() {
        assert_eq!(windows[i]["index"], i, "{report}");
        assert_eq!(windows[i]["acknowledged"], acknowledged, "{report}");
        assert_eq!(windows[i]["failures"], failures, "{report}");
    }
}
