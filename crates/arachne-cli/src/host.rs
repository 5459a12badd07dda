//! What an in-process host ([`run_json`](crate::api::run_json)) gives the command it runs on
//! its thread: where the command's JSON objects go, and the searches' stop flag. The printing
//! ([`crate::output`]) and the search flags ([`crate::args`]) read them here.
use crate::error::{CliError, CliResult};
use arachne_core::StopFlag;
use serde_json::Value;
use std::cell::RefCell;

thread_local! {
    /// The JSON objects of the command running on this thread under [`run_json`](crate::api::run_json).
    static SINK: RefCell<Option<Vec<Value>>> = const { RefCell::new(None) };
    /// The stop flag of the command running on this thread under [`run_json`](crate::api::run_json).
    static STOP: RefCell<Option<StopFlag>> = const { RefCell::new(None) };
}

/// Takes `v` if a [`run_json`](crate::api::run_json) on this thread collects output; gives it back otherwise.
pub(crate) fn collect(v: &Value) -> bool {
    SINK.with(|s| match s.borrow_mut().as_mut() {
        Some(buf) => {
            buf.push(v.clone());
            true
        }
        None => false,
    })
}

/// The stop flag given to [`run_json`](crate::api::run_json) on this thread, if any.
pub(crate) fn host_stop() -> Option<StopFlag> {
    STOP.with(|s| s.borrow().clone())
}

/// Restores the thread-locals when [`run_json`](crate::api::run_json) returns or unwinds.
struct Reset;

impl Drop for Reset {
    fn drop(&mut self) {
        SINK.with(|s| s.borrow_mut().take());
        STOP.with(|s| s.borrow_mut().take());
    }
}

/// Runs `f` with its JSON objects collected and `stop` as the searches' stop flag.
pub(crate) fn collecting(
    stop: Option<StopFlag>,
    f: impl FnOnce() -> CliResult,
) -> Result<Vec<Value>, CliError> {
    let _reset = Reset;
    SINK.with(|s| *s.borrow_mut() = Some(Vec::new()));
    STOP.with(|s| *s.borrow_mut() = stop);
    f()?;
    Ok(SINK.with(|s| s.borrow_mut().take()).unwrap_or_default())
}
