//! The press load test: 1,000 players in 100 games of Hoplite Wars (ten
//! powers seated in each), each with an event stream of its game open on a
//! connection of its own, each sending three private messages to another
//! power of its game at random moments of three 3-second rounds (about 333
//! messages a second), on another connection. Measures, for each message,
//! the time from sending it to its arrival on the recipient's stream (p50,
//! p99, max), and counts the lost (never arrived within 10 s of the last
//! send) and the misdelivered (arrived on a stream of a player outside
//! the conversation); asserts none of either, and a p99 under 100 ms
//! (docs/web.md), timed again when a run misses the bound (steal.rs: five
//! runs at most). Each run is bounded (240 s).

use crate::accounts::Accounts;
use crate::client::Client;
use crate::common::{server, Db};
use rand::Rng;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;

const GAMES: usize = 100;
const PLAYERS_PER_GAME: usize = 10;
const ROUNDS: usize = 3;
const ROUND_SECS: f64 = 3.0;
const VARIANT: &str = "hoplite_wars";
/// The p99 asserted, in ms (docs/web.md's goal).
const BOUND_MS: f64 = 100.0;

struct Player {
    game: i64,
    power: String,
    token: String,
    /// The other powers of its game.
    others: Vec<String>,
}

/// A message in flight: when it was sent, and to which power's player.
type Sent = HashMap<String, (Instant, i64, String)>;

pub async fn run(db: Db) {
    let (p99, stolen) = crate::steal::timed_until_within("press load test", Duration::from_secs(240), BOUND_MS, || {
        run_unbounded(db.clone())
    })
    .await;
    assert!(
        p99 < BOUND_MS,
        "the p99 from send to arrival is {p99:.1} ms (the host stole {:.0}% of the time): the goal is under {BOUND_MS} ms",
        stolen * 100.0
    );
}

/// An open event stream: reads the chunked body, event by event.
struct Stream {
    conn: BufReader<TcpStream>,
    buf: String,
}

impl Stream {
    async fn open(port: u16, game: i64, token: &str) -> Stream {
        let mut stream = TcpStream::connect(("127.0.0.1", port)).await.unwrap();
        stream.set_nodelay(true).unwrap();
        let head = format!(
            "GET /api/games/{game}/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\
             Authorization: Bearer {token}\r\nAccept: text/event-stream\r\n\r\n"
        );
        stream.write_all(head.as_bytes()).await.unwrap();
        let mut conn = BufReader::new(stream);
        let mut line = String::new();
        conn.read_line(&mut line).await.unwrap();
        assert!(line.contains(" 200 "), "the stream opens: {line}");
        loop {
            line.clear();
            conn.read_line(&mut line).await.unwrap();
            if line.trim_end().is_empty() {
                break;
            }
        }
        Stream { conn, buf: String::new() }
    }

    /// The data of the next `message` event (None: the stream ended).
    async fn next_message(&mut self) -> Option<Value> {
        loop {
            while let Some(end) = self.buf.find("\n\n") {
                let block: String = self.buf.drain(..end + 2).collect();
                if block.lines().any(|l| l == "event: message") {
                    let data: String = block.lines().filter_map(|l| l.strip_prefix("data: ")).collect();
                    return serde_json::from_str(&data).ok();
                }
            }
            // One chunk: its size in hex, the bytes, CRLF.
            let mut size = String::new();
            if self.conn.read_line(&mut size).await.ok()? == 0 {
                return None;
            }
            let n = usize::from_str_radix(size.trim(), 16).ok()?;
            if n == 0 {
                return None;
            }
            let mut bytes = vec![0; n + 2];
            self.conn.read_exact(&mut bytes).await.ok()?;
            self.buf += &String::from_utf8_lossy(&bytes[..n]);
        }
    }
}

async fn ok(c: &mut Client, method: &str, path: &str, token: Option<&str>, body: Value) -> Value {
    let (status, v) = c.call(method, path, token, Some(&body).filter(|b| !b.is_null())).await.unwrap();
    assert_eq!(status, 200, "{method} {path}: {v}");
    v
}

/// One run: asserts that no message is lost or misdelivered; its p99 (ms)
/// and the share of the machine's time stolen while it was timed.
async fn run_unbounded(db: Db) -> (f64, f64) {
    let s = server(db).await;
    let child = crate::child::start(&s, None).await;
    let port = child.port;
    let setup = Instant::now();
    let mut tasks = Vec::new();
    let accounts = Accounts::new(&s).await;
    for g in 0..GAMES {
        let accounts = accounts.clone();
        tasks.push(tokio::spawn(async move {
            let mut c = Client::connect(port).await.unwrap();
            let tag = crate::common::unique("");
            let gm = accounts.sign_up(&format!("gm{tag}")).await;
            let made = ok(
                &mut c,
                "POST",
                "/api/games",
                Some(&gm),
                json!({"name": format!("press {g}"), "variant": VARIANT, "deadline_secs": 86400}),
            )
            .await;
            let id = made["id"].as_i64().unwrap();
            let game = ok(&mut c, "GET", &format!("/api/games/{id}"), Some(&gm), Value::Null).await;
            let code = game["invite_code"].as_str().unwrap().to_string();
            let powers: Vec<String> = game["seats"]
                .as_array()
                .unwrap()
                .iter()
                .take(PLAYERS_PER_GAME)
                .map(|s| s["power"].as_str().unwrap().to_string())
                .collect();
            let mut players = Vec::new();
            for power in &powers {
                let name = format!("p{tag}x{}", players.len());
                let t = accounts.sign_up(&name).await;
                ok(&mut c, "POST", "/api/join", Some(&t), json!({"code": code})).await;
                ok(&mut c, "POST", &format!("/api/games/{id}/seats"), Some(&gm), json!({"power": power, "user": name}))
                    .await;
                let others = powers.iter().filter(|p| *p != power).cloned().collect();
                players.push(Player { game: id, power: power.clone(), token: t, others });
            }
            players
        }));
    }
    let mut players = Vec::new();
    for t in tasks {
        players.extend(t.await.unwrap());
    }
    eprintln!(
        "press load test: {} players in {GAMES} games set up in {:.1} s",
        players.len(),
        setup.elapsed().as_secs_f64()
    );
    let players = Arc::new(players);
    let sent: Arc<Mutex<Sent>> = Arc::default();
    // (latency, misdelivered) per arrival, gathered by the readers.
    let arrivals: Arc<Mutex<Vec<Duration>>> = Arc::default();
    let misdelivered = Arc::new(Mutex::new(0usize));
    // Every stream opened (and every sender connected) before the clock starts.
    let mut readers = Vec::new();
    for p in players.iter() {
        let mut stream = Stream::open(port, p.game, &p.token).await;
        let (sent, arrivals, misdelivered, me) =
            (sent.clone(), arrivals.clone(), misdelivered.clone(), (p.game, p.power.clone()));
        readers.push(tokio::spawn(async move {
            while let Some(m) = stream.next_message().await {
                let Some(body) = m["body"].as_str() else { continue };
                let Some(flight) = sent.lock().unwrap().get(body).cloned() else { continue };
                let (at, game, to) = flight;
                if m["from"] == me.1.as_str() {
                    continue; // the sender's own copy
                }
                if game != me.0 || to != me.1 {
                    *misdelivered.lock().unwrap() += 1;
                    continue;
                }
                arrivals.lock().unwrap().push(at.elapsed());
            }
        }));
    }
    let mut clients = Vec::new();
    for _ in 0..players.len() {
        clients.push(Client::connect(port).await.unwrap());
    }
    let cpu_before = child.cpu_secs();
    let ticks = crate::steal::Ticks::now();
    let begin = Instant::now();
    let mut tasks = Vec::new();
    for (i, mut c) in clients.into_iter().enumerate() {
        let (players, sent) = (players.clone(), sent.clone());
        tasks.push(tokio::spawn(async move {
            let p = &players[i];
            let mut refused = 0;
            for round in 0..ROUNDS {
                let (wait, to) = {
                    let mut rng = rand::thread_rng();
                    (rng.gen_range(0.0..ROUND_SECS), p.others[rng.gen_range(0..p.others.len())].clone())
                };
                tokio::time::sleep_until(tokio::time::Instant::from_std(
                    begin + Duration::from_secs_f64(round as f64 * ROUND_SECS + wait),
                ))
                .await;
                let body = format!("load {i} {round}");
                sent.lock().unwrap().insert(body.clone(), (Instant::now(), p.game, to.clone()));
                let (status, v) = c
                    .call(
                        "POST",
                        &format!("/api/games/{}/press", p.game),
                        Some(&p.token),
                        Some(&json!({"from": p.power, "to": [to], "body": body})),
                    )
                    .await
                    .unwrap();
                if status != 200 {
                    eprintln!("press load test: refused ({status}): {v}");
                    refused += 1;
                }
            }
            refused
        }));
    }
    let mut refused = 0;
    for t in tasks {
        refused += t.await.unwrap();
    }
    let total = players.len() * ROUNDS;
    // Ten seconds for the last ones to arrive.
    let deadline = Instant::now() + Duration::from_secs(10);
    while arrivals.lock().unwrap().len() < total - refused && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let took = begin.elapsed().as_secs_f64();
    let stolen = ticks.map_or(0.0, |t| t.stolen_since());
    let cpu = child.cpu_secs().zip(cpu_before).map(|(after, before)| after - before);
    let mut timings = arrivals.lock().unwrap().clone();
    let lost = total - timings.len();
    let misdelivered = *misdelivered.lock().unwrap();
    timings.sort();
    let at = |q: f64| {
        timings
            .get(((timings.len() as f64 * q) as usize).min(timings.len().saturating_sub(1)))
            .map_or(f64::NAN, |d| d.as_secs_f64() * 1000.0)
    };
    let (p50, p99, max) = (at(0.50), at(0.99), at(1.0));
    eprintln!(
        "press load test ({}): {} players with a stream open, {GAMES} games, {total} messages in {took:.1} s: send to \
         arrival p50 {p50:.1} ms, p99 {p99:.1} ms, max {max:.1} ms, lost {lost} (refused {refused}), misdelivered \
         {misdelivered}",
        if s.config.database_url.is_some() { "PostgreSQL" } else { "SQLite" },
        players.len(),
    );
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    eprintln!(
        "press load test: server CPU {}; load average (1, 5, 15 min) {}; stolen by the host {:.0}%",
        cpu.map_or("unknown".into(), |c| format!("{c:.2} s")),
        load.split(' ').take(3).collect::<Vec<_>>().join(" "),
        stolen * 100.0
    );
    for r in readers {
        r.abort();
    }
    drop(child);
    assert_eq!(misdelivered, 0, "no message reaches a stream outside its conversation");
    assert_eq!(lost, 0, "no message is lost");
    (p99, stolen)
}
