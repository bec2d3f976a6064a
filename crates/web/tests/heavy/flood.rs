//! A flood of failed sign-ins (1,000, from 200 addresses behind a trusted
//! proxy, 50 at a time): the server's memory stays under 200 MB (argon2
//! takes 19 MiB a hash; on the blocking pool every thread kept its own,
//! and the server grew to 720 MB), each attempt is answered 401, or 503
//! with Retry-After when no hashing thread was free within 10 s, and the
//! owner still signs in afterwards.

use crate::child::{start_with, Extra};
use crate::common::{server, Db};
use crate::connections::request;
use serde_json::json;
use std::net::{IpAddr, Ipv4Addr};
use std::time::Instant;

const LOCAL: IpAddr = IpAddr::V4(Ipv4Addr::LOCALHOST);

/// A field of /proc/<pid>/status in kB (VmRSS, VmHWM).
fn status_kb(pid: u32, field: &str) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let line = status.lines().find(|l| l.starts_with(field)).unwrap_or_else(|| panic!("no {field}"));
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

pub async fn run(db: Db) {
    let s = server(db).await;
    let (ann, _) = s.user("ann").await;
    let child = start_with(&s, None, Extra { trust_forwarded_for: true, ..Default::default() }).await;
    let before = status_kb(child.pid(), "VmRSS");
    let port = child.port;
    let start = Instant::now();
    let mut tasks = tokio::task::JoinSet::new();
    for worker in 0..50 {
        let ann = ann.clone();
        tasks.spawn(async move {
            let mut statuses = Vec::new();
            for i in 0..20 {
                let n = worker * 20 + i;
                let head = format!(
                    "POST /api/signin HTTP/1.1\r\nContent-Type: application/json\r\nX-Forwarded-For: 10.9.{}.{}\r\n",
                    n % 200 / 100,
                    n % 100
                );
                let body = json!({"name": ann, "password": format!("wrong {n}")}).to_string();
                let (status, _, head) = request(LOCAL, port, &head, &body).await.expect("answered");
                assert!(
                    status != 503 || head.to_ascii_lowercase().contains("\r\nretry-after: "),
                    "a busy answer says when to come back: {head}"
                );
                statuses.push(status);
            }
            statuses
        });
    }
    let mut statuses = Vec::new();
    while let Some(done) = tasks.join_next().await {
        statuses.extend(done.unwrap());
    }
    let took = start.elapsed();
    let (refused, busy) =
        (statuses.iter().filter(|&&s| s == 401).count(), statuses.iter().filter(|&&s| s == 503).count());
    let (rss, peak) = (status_kb(child.pid(), "VmRSS"), status_kb(child.pid(), "VmHWM"));
    eprintln!(
        "flood: 1,000 failed sign-ins from 200 addresses in {:.1} s: {refused} refused (401), {busy} busy (503); \
         memory {} MB before, {} MB after, peak {} MB",
        took.as_secs_f64(),
        before / 1024,
        rss / 1024,
        peak / 1024
    );
    assert_eq!(refused + busy, 1000, "only 401 and 503: {statuses:?}");
    assert!(refused >= 100, "most are checked");
    assert!(peak < 200 * 1024, "peak {} MB", peak / 1024);
    // The owner signs in.
    let (status, ..) = request(
        LOCAL,
        port,
        "POST /api/signin HTTP/1.1\r\nContent-Type: application/json\r\nX-Forwarded-For: 10.8.0.1\r\n",
        &json!({"name": ann, "password": "correct horse"}).to_string(),
    )
    .await
    .unwrap();
    assert_eq!(status, 200);
}
