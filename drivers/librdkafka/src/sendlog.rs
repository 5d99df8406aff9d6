//! One producer thread's send outcomes by sequence number, written as the contract's file
//! (docs/drivers.md#send-log-file), for `verify`. Java's `SendLog`; the vector drivers/testdata/sendlog.bin pins it.

use std::collections::HashMap;
use std::path::Path;
use std::sync::Mutex;

/// Send outcomes, as Java's SendLog codes them.
pub const PENDING: u8 = 0;
pub const ACKNOWLEDGED: u8 = 1;
pub const FAILED: u8 = 2;
pub const INDETERMINATE: u8 = 3;
/// Java's SendLog.MAX_RUNS: positions are kept for at most this many runs per thread; they only serve as examples of
/// lost records.
const MAX_RUNS: usize = 1 << 20;

#[derive(Clone, Copy)]
struct AckRun {
    first_seq: i64,
    first_offset: i64,
    partition: i32,
    length: i64,
}

#[derive(Default)]
struct Inner {
    states: Vec<u8>,
    runs: Vec<AckRun>,
    open_run: HashMap<i32, usize>,
}

/// The sending thread and librdkafka's delivery thread both write: a mutex guards it (verified runs only).
pub struct SendLog {
    producer: usize,
    inner: Mutex<Inner>,
}

impl SendLog {
    pub fn new(producer: usize) -> SendLog {
        SendLog {
            producer,
            inner: Mutex::new(Inner::default()),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// `seq` (0, 1, 2, ...) is about to be sent.
    pub fn sending(&self, seq: i64) {
        let mut l = self.lock();
        while (l.states.len() as i64) <= seq {
            l.states.push(PENDING);
        }
    }

    /// `seq` was acknowledged at `offset` of `partition` (a negative offset: none given, acks=0).
    pub fn acknowledged(&self, seq: i64, partition: i32, offset: i64) {
        let mut guard = self.lock();
        let l = &mut *guard;
        let Some(state) = l.states.get_mut(seq as usize) else {
            return;
        };
        *state = ACKNOWLEDGED;
        if offset < 0 {
            return;
        }
        if let Some(i) = l.open_run.get(&partition).copied() {
            let r = &mut l.runs[i];
            if r.first_seq + r.length == seq && r.first_offset + r.length == offset {
                r.length += 1;
                return;
            }
        }
        if l.runs.len() == MAX_RUNS {
            l.open_run.remove(&partition);
            return;
        }
        l.runs.push(AckRun {
            first_seq: seq,
            first_offset: offset,
            partition,
            length: 1,
        });
        let last = l.runs.len() - 1;
        l.open_run.insert(partition, last);
    }

    /// `seq`'s send failed; `may_be_written`: the record may still be in the log (indeterminate).
    pub fn failed(&self, seq: i64, may_be_written: bool) {
        let mut l = self.lock();
        if let Some(state) = l.states.get_mut(seq as usize) {
            *state = if may_be_written { INDETERMINATE } else { FAILED };
        }
    }

    /// The contract's file: header, then maximal runs of equal state (and, acknowledged, one partition at consecutive
    /// offsets) over sequences 0 .. sent-1, so one outcome history has exactly one file.
    pub fn encode(&self) -> Vec<u8> {
        let l = self.lock();
        let mut runs = l.runs.clone();
        runs.sort_by_key(|r| r.first_seq);
        let mut out = Vec::with_capacity(24 + 25 * 16);
        out.extend_from_slice(b"KBSL");
        out.extend_from_slice(&1u32.to_be_bytes());
        out.extend_from_slice(&(self.producer as u32).to_be_bytes());
        out.extend_from_slice(&(l.states.len() as u64).to_be_bytes());
        // The open run: first sequence, count, state, partition, offset of its first record.
        let mut open: Option<(i64, i64, u8, i32, i64)> = None;
        let flush = |out: &mut Vec<u8>, run: Option<(i64, i64, u8, i32, i64)>| {
            if let Some((first, count, state, partition, offset)) = run {
                out.extend_from_slice(&(first as u64).to_be_bytes());
                out.extend_from_slice(&(count as u32).to_be_bytes());
                out.push(state);
                out.extend_from_slice(&partition.to_be_bytes());
                out.extend_from_slice(&offset.to_be_bytes());
            }
        };
        let mut next = 0;
        for (seq, &state) in l.states.iter().enumerate() {
            let s = seq as i64;
            let (mut partition, mut offset) = (-1i32, -1i64);
            if state == ACKNOWLEDGED {
                while next < runs.len() && runs[next].first_seq + runs[next].length <= s {
                    next += 1;
                }
                if next < runs.len() && runs[next].first_seq <= s {
                    partition = runs[next].partition;
                    offset = runs[next].first_offset + (s - runs[next].first_seq);
                }
            }
            if let Some(o) = open.as_mut() {
                let continues = o.2 == state
                    && o.3 == partition
                    && ((offset < 0 && o.4 < 0) || (offset >= 0 && o.4 >= 0 && o.4 + o.1 == offset));
                if continues {
                    o.1 += 1;
                    continue;
                }
            }
            flush(&mut out, open.take());
            open = Some((s, 1, state, partition, offset));
        }
        flush(&mut out, open);
        out
    }

    /// Writes the file into `dir` as `sendlog-<producer>.bin`; returns its path.
    pub fn write(&self, dir: &str) -> std::io::Result<String> {
        let path = Path::new(dir).join(format!("sendlog-{}.bin", self.producer));
        std::fs::write(&path, self.encode())?;
        Ok(path.to_string_lossy().into_owned())
    }
}
