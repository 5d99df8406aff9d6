//! Signals (docs/drivers.md, "Process"): SIGINT is ignored, since a terminal's Ctrl-C reaches the whole process group
//! and kbench decides what a stop means; SIGTERM is a stop with a grace. The handler only sets a flag (all a signal
//! handler may safely do); a thread turns it into a stop.

use crate::contract::Control;
use crate::run::Msg;
use std::sync::atomic::{AtomicBool, Ordering::SeqCst};
use std::sync::mpsc::Sender;
use std::thread;
use std::time::Duration;

static TERM: AtomicBool = AtomicBool::new(false);

extern "C" fn on_term(_: libc::c_int) {
    TERM.store(true, SeqCst);
}

pub fn install() {
    let handler: extern "C" fn(libc::c_int) = on_term;
    // SAFETY: SIG_IGN and a handler that only stores an atomic are both async-signal-safe dispositions.
    unsafe {
        libc::signal(libc::SIGINT, libc::SIG_IGN);
        libc::signal(libc::SIGTERM, handler as libc::sighandler_t);
    }
}

/// Turns a SIGTERM into a stop line with `grace_ms`, as if kbench had sent it.
pub fn forward_term(tx: Sender<Msg>, grace_ms: i64) {
    thread::Builder::new()
        .name("sigterm".into())
        .spawn(move || loop {
            thread::sleep(Duration::from_millis(50));
            if TERM.swap(false, SeqCst) {
                eprintln!("librdkafka driver: SIGTERM: stopping with a grace of {grace_ms} ms");
                if tx.send(Msg::Control(Control::Stop { grace_ms })).is_err() {
                    return;
                }
            }
        })
        .expect("starting the SIGTERM watcher");
}
