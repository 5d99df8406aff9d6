//! The contract's events on standard output: one JSON object per line, whole lines only, flushed at once.

use serde_json::Value;
use std::io::Write;
use std::sync::Mutex;

pub struct Events {
    out: Mutex<Box<dyn Write + Send>>,
}

impl Events {
    pub fn new(out: Box<dyn Write + Send>) -> Events {
        Events { out: Mutex::new(out) }
    }

    /// Writes one event line. A broken pipe means kbench is gone: the end of standard input ends the process.
    pub fn emit(&self, event: &Value) {
        let mut line = event.to_string();
        line.push('\n');
        let mut out = self.out.lock().unwrap_or_else(|e| e.into_inner());
        let _ = out.write_all(line.as_bytes());
        let _ = out.flush();
    }
}
