//! kbench's driver for librdkafka: runs one slice of a kbench workload with librdkafka (through the `rdkafka` crate,
//! which builds its bundled librdkafka) and reports what kbench's own Java load generator would have measured, by
//! the driver contract in docs/drivers.md (slice on standard input, events on standard output, HdrHistogram interval
//! histograms).

mod clock;
mod cluster;
mod config;
mod consume;
mod context;
mod contract;
mod events;
mod files;
mod hist;
mod json;
mod metrics;
mod produce;
mod rules;
mod run;
mod sendlog;
mod signals;
mod ticker;

use serde_json::json;
use std::io::{self, BufRead, BufReader, Read, Write};

/// Bounds one input line: a slice with PEM material is a few KiB.
pub const MAX_LINE_BYTES: usize = 4 << 20;

/// The crates this driver is built with, as Cargo.toml pins them (`=` versions, and Cargo.lock): what `version`
/// says besides librdkafka's own version, which librdkafka itself reports.
const BINDING: &str = "rdkafka 0.39.0";
const HISTOGRAM: &str = "hdrhistogram 7.5.4";

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let code = match args.get(1).map(String::as_str) {
        Some("version") if args.len() == 2 => {
            println!("{}", version_line());
            0
        }
        Some("check") if args.len() == 2 => {
            let mut input = BufReader::with_capacity(64 << 10, io::stdin());
            match run::read_slice(&mut input) {
                Ok(_) => 0,
                Err(r) => {
                    eprintln!("librdkafka driver: {r}");
                    2
                }
            }
        }
        Some("run") if args.len() == 2 => {
            let input = BufReader::with_capacity(64 << 10, io::stdin());
            run::run_driver(input, Box::new(io::stdout()))
        }
        _ => {
            eprintln!("usage: kbench-librdkafka version|check|run  (the slice on standard input; docs/drivers.md)");
            2
        }
    };
    exit_now(code, "");
}

/// The version line: the contract, librdkafka's own version (`rd_kafka_version_str`), the binding and histogram
/// crates.
pub fn version_line() -> String {
    json!({"contract": contract::CONTRACT_VERSION, "client": "librdkafka", "clientVersion": client_version(),
        "binding": BINDING, "histogram": HISTOGRAM})
    .to_string()
}

/// librdkafka's version as the library linked into this binary reports it: `2.12.1`.
pub fn client_version() -> String {
    rdkafka::util::get_rdkafka_version().1
}

/// Ends the process now: librdkafka's threads are not joined and no client is closed (after `done`, or when kbench
/// is gone), and no exit handler runs (OpenSSL's would race librdkafka's threads still using it).
pub fn exit_now(code: i32, message: &str) -> ! {
    if !message.is_empty() {
        eprintln!("{message}");
    }
    let _ = io::stdout().flush();
    let _ = io::stderr().flush();
    // SAFETY: _exit ends the process at once; nothing after it runs.
    unsafe { libc::_exit(code) }
}

/// Why a line could not be read.
#[derive(Debug)]
pub enum LineError {
    TooLong,
    Io(io::Error),
}

/// Reads one line of at most MAX_LINE_BYTES, without its line end, never holding more; None at the end of input.
pub fn read_line(input: &mut impl BufRead) -> Result<Option<Vec<u8>>, LineError> {
    let mut line = Vec::new();
    let n = input
        .by_ref()
        .take(MAX_LINE_BYTES as u64 + 2)
        .read_until(b'\n', &mut line)
        .map_err(LineError::Io)?;
    if n == 0 {
        return Ok(None);
    }
    while matches!(line.last(), Some(b'\n' | b'\r')) {
        line.pop();
    }
    if line.len() > MAX_LINE_BYTES {
        return Err(LineError::TooLong);
    }
    Ok(Some(line))
}

#[cfg(test)]
mod tests;
