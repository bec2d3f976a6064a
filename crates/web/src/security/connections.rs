//! The listener's own accept loop, so that no client can hold the server:
//! a connection must send a request's head within the header timeout of
//! opening or of its previous answer (a slow head, "slowloris", and an
//! idle kept-alive connection alike are closed then); one address (an
//! IPv6 /64) holds at most so many connections; and the server holds at
//! most as many as its descriptor limit allows, less a headroom for its
//! database and files, the last eighth of them kept for addresses that
//! hold few. A connection over a cap is closed as soon as accepted, so the
//! accept queue never fills with them and the server never runs out of
//! descriptors (axum's own loop then sleeps a second at every accept that
//! fails, and nobody is answered).

use crate::limits::address_key;
use axum::extract::ConnectInfo;
use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use std::collections::HashMap;
use std::future::Future;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::net::TcpListener;

/// How many connections, and how long a head may take.
#[derive(Debug, Clone)]
pub struct Caps {
    /// A request's head must be in within this long of the connection's
    /// opening or its previous answer.
    pub header_timeout: Duration,
    /// Connections one address (an IPv6 /64) may hold at once.
    pub per_address: usize,
    /// Connections the server holds at once, at most.
    pub total: usize,
    /// The last so many of `total` go only to addresses holding fewer
    /// than [`FEW`].
    pub reserve: usize,
}

/// An address holding fewer connections than this may use the reserve.
pub const FEW: usize = 4;

/// Descriptors kept for the database's connections, the files and the
/// rest of the process.
pub const HEADROOM: usize = 128;

impl Caps {
    /// The caps under this process's descriptor limit.
    pub fn new(header_timeout: Duration, per_address: usize) -> Caps {
        let total = descriptor_limit().saturating_sub(HEADROOM).max(16);
        Caps { header_timeout, per_address, total, reserve: (total / 8).max(FEW) }
    }
}

/// The process's limit of open descriptors (its soft limit).
fn descriptor_limit() -> usize {
    let mut limit = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
    // SAFETY: getrlimit writes into the struct it is given, nothing else.
    if unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) } == 0 {
        usize::try_from(limit.rlim_cur).unwrap_or(usize::MAX)
    } else {
        1024
    }
}

/// The connections held: per address, and in all.
#[derive(Default)]
struct Held {
    per_address: HashMap<String, usize>,
    total: usize,
}

/// One connection counted while it lives.
struct Slot {
    held: Arc<Mutex<Held>>,
    key: String,
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut held = self.held.lock().unwrap_or_else(|e| e.into_inner());
        held.total -= 1;
        if let Some(n) = held.per_address.get_mut(&self.key) {
            *n -= 1;
            if *n == 0 {
                held.per_address.remove(&self.key);
            }
        }
    }
}

/// A slot for a new connection from `key`, if the caps allow it.
fn admit(held: &Arc<Mutex<Held>>, caps: &Caps, key: String) -> Option<Slot> {
    let mut h = held.lock().unwrap_or_else(|e| e.into_inner());
    let mine = h.per_address.get(&key).copied().unwrap_or(0);
    let room = if mine < FEW { caps.total } else { caps.total - caps.reserve.min(caps.total) };
    if mine >= caps.per_address || h.total >= room {
        return None;
    }
    h.total += 1;
    *h.per_address.entry(key.clone()).or_default() += 1;
    Some(Slot { held: held.clone(), key })
}

/// Serves `router` on `listener` until `shutdown` resolves; then stops
/// accepting and lets the requests in progress finish (5 s at most).
pub async fn serve(listener: TcpListener, router: Router, caps: Caps, shutdown: impl Future<Output = ()>) {
    let held = Arc::new(Mutex::new(Held::default()));
    let (stop, stopping) = tokio::sync::watch::channel(false);
    tokio::pin!(shutdown);
    loop {
        let accepted = tokio::select! {
            a = listener.accept() => a,
            () = &mut shutdown => break,
        };
        let (stream, peer) = match accepted {
            Ok(a) => a,
            Err(e) => {
                // Out of descriptors despite the caps (the headroom was
                // used elsewhere): try again soon, not in a second.
                eprintln!("polemarch serve: cannot accept a connection: {e}");
                tokio::time::sleep(Duration::from_millis(20)).await;
                continue;
            }
        };
        let Some(slot) = admit(&held, &caps, address_key(&peer.ip().to_string())) else {
            drop(stream);
            continue;
        };
        let _ = stream.set_nodelay(true);
        let router = router.clone();
        let mut stopping = stopping.clone();
        let header_timeout = caps.header_timeout;
        tokio::spawn(async move {
            let _slot = slot;
            let service =
                tower::ServiceBuilder::new().map_request(move |mut req: axum::http::Request<hyper::body::Incoming>| {
                    req.extensions_mut().insert(ConnectInfo(peer));
                    req
                });
            let service = TowerToHyperService::new(service.service(router));
            let conn = hyper::server::conn::http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(header_timeout)
                .serve_connection(TokioIo::new(stream), service);
            tokio::pin!(conn);
            tokio::select! {
                _ = conn.as_mut() => {}
                _ = stopping.changed() => {
                    conn.as_mut().graceful_shutdown();
                    let _ = tokio::time::timeout(Duration::from_secs(5), conn).await;
                }
            }
        });
    }
    let _ = stop.send(true);
    // The connections in progress finish (each at most 5 s more).
    let start = tokio::time::Instant::now();
    while held.lock().unwrap_or_else(|e| e.into_inner()).total > 0 && start.elapsed() < Duration::from_secs(6) {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[cfg(test)]
mod tests {
    use super::{admit, Caps, Held, FEW};
    use std::sync::{Arc, Mutex};
    use std::time::Duration;

    #[test]
    fn an_address_over_its_share_leaves_the_reserve_to_others() {
        let caps = Caps { header_timeout: Duration::from_secs(1), per_address: 100, total: 40, reserve: 8 };
        let held = Arc::new(Mutex::new(Held::default()));
        let greedy: Vec<_> = std::iter::from_fn(|| admit(&held, &caps, "a".into())).take(1000).collect();
        assert_eq!(greedy.len(), 32, "up to the reserve");
        let others: Vec<_> = (0..8).filter_map(|i| admit(&held, &caps, format!("b{i}"))).collect();
        assert_eq!(others.len(), 8, "the reserve is for the others");
        assert!(admit(&held, &caps, "c".into()).is_none(), "and then the server is full");
        drop(greedy);
        assert_eq!(held.lock().unwrap().total, 8);
        let few: Vec<_> = (0..FEW).filter_map(|_| admit(&held, &caps, "d".into())).collect();
        assert_eq!(few.len(), FEW);
        let capped = Caps { per_address: 2, ..caps };
        assert!(admit(&held, &capped, "d".into()).is_none(), "one address holds at most its cap");
    }
}
