//! The contract's events on standard output: one JSON object per line, whole lines only, flushed at once; nothing
//! after `done` (a consumer still leaving its group when the grace ran out must not write an `assigned` after it).

use serde_json::Value;
use std::io::Write;
use std::sync::Mutex;

pub struct Events {
    /// The output, and whether `done` was written.
    out: Mutex<(Box<dyn Write + Send>, bool)>,
}

impl Events {
    pub fn new(out: Box<dyn Write + Send>) -> Events {
        Events {
            out: Mutex::new((out, false)),
        }
    }

    /// Writes one event line. A broken pipe means kbench is gone: the end of standard input ends the process.
    pub fn emit(&self, event: &Value) {
        self.write(event, false);
    }

    /// Writes `done`, the last line.
    pub fn emit_last(&self, event: &Value) {
        self.write(event, true);
    }

    fn write(&self, event: &Value, last: bool) {
        let mut line = event.to_string();
        line.push('\n');
        let mut out = self.out.lock().unwrap_or_else(|e| e.into_inner());
        if out.1 {
            return;
        }
        out.1 = last;
        let _ = out.0.write_all(line.as_bytes());
        let _ = out.0.flush();
    }
}
