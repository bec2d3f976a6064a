//! Connections that would hold the server: under a low descriptor limit
//! (256), one address opening more connections than that and keeping
//! them idle does not stop another address's GET being answered within
//! 100 ms; a slow head and an idle kept-alive connection are closed at the
//! header timeout. All on loopback (127.0.0.1 and 127.0.0.2).

use crate::child::{start_with, Extra};
use crate::common::{server, Db};
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

const GREEDY: IpAddr = IpAddr::V4(Ipv4Addr::new(127, 0, 0, 1));
const OTHER: IpAddr = IpAddr::V4(Ipv4Addr::new(127, 0, 0, 2));

/// A connection to the child on `port` from the loopback address `from`.
pub async fn connect(from: IpAddr, port: u16) -> std::io::Result<TcpStream> {
    let socket = TcpSocket::new_v4()?;
    socket.bind(SocketAddr::new(from, 0))?;
    socket.connect(SocketAddr::from(([127, 0, 0, 1], port))).await
}

/// One request on its own connection from `from`: its status, the time it
/// took (connecting included), and the answer's head.
pub async fn request(from: IpAddr, port: u16, head: &str, body: &str) -> std::io::Result<(u16, Duration, String)> {
    let start = Instant::now();
    let mut c = connect(from, port).await?;
    c.write_all(
        format!("{head}Host: 127.0.0.1\r\nConnection: close\r\nContent-Length: {}\r\n\r\n{body}", body.len())
            .as_bytes(),
    )
    .await?;
    let mut answer = Vec::new();
    c.read_to_end(&mut answer).await?;
    let text = String::from_utf8_lossy(&answer);
    let status = text
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| std::io::Error::other(format!("no status: {text:?}")))?;
    let head = text.split("\r\n\r\n").next().unwrap_or("").to_string();
    Ok((status, start.elapsed(), head))
}

pub async fn run(db: Db) {
    let s = server(db).await;
    let child = start_with(&s, None, Extra { nofile: Some(256), ..Default::default() }).await;
    // One address opens 300 connections and says nothing on them.
    let mut held = Vec::new();
    for _ in 0..300 {
        if let Ok(c) = connect(GREEDY, child.port).await {
            held.push(c);
        }
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    // Another address is answered at once, time after time.
    for _ in 0..10 {
        let (status, took, _) = tokio::time::timeout(
            Duration::from_secs(5),
            request(OTHER, child.port, "GET /api/variants HTTP/1.1\r\n", ""),
        )
        .await
        .expect("answered within 5 s")
        .expect("answered");
        eprintln!(
            "connections: another address's GET with 300 connections held by one: {status} in {:.1} ms",
            took.as_secs_f64() * 1e3
        );
        assert_eq!(status, 200);
        assert!(took < Duration::from_millis(100), "took {took:?}");
    }
    // The greedy address's connections beyond its share were closed at once.
    let mut closed = 0;
    for c in &mut held {
        let mut byte = [0u8; 1];
        if let Ok(Ok(0)) = tokio::time::timeout(Duration::from_millis(5), c.read(&mut byte)).await {
            closed += 1;
        }
    }
    eprintln!("connections: {} of 300 were closed at once", closed);
    assert!(closed >= 300 - 256, "{closed} closed");
    drop(held);
    drop(child);

    // A slow head, and an idle kept-alive connection, are closed at the
    // header timeout (1 s here).
    let child =
        start_with(&s, None, Extra { header_timeout: Some(Duration::from_secs(1)), ..Default::default() }).await;
    let mut slow = connect(OTHER, child.port).await.unwrap();
    slow.write_all(b"GET /api/variants HTTP/1.1\r\nHost: 127.0.0.1\r\n").await.unwrap();
    let mut idle = connect(OTHER, child.port).await.unwrap();
    idle.write_all(b"GET /api/variants HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n").await.unwrap();
    let start = Instant::now();
    let mut answer = [0u8; 65536];
    let first = idle.read(&mut answer).await.unwrap();
    assert!(String::from_utf8_lossy(&answer[..first]).starts_with("HTTP/1.1 200"));
    for (what, c) in [("slow head", &mut slow), ("idle keep-alive", &mut idle)] {
        let end = tokio::time::timeout(Duration::from_secs(5), async {
            loop {
                match c.read(&mut answer).await {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {}
                }
            }
        })
        .await;
        assert!(end.is_ok(), "the {what} connection was still open after 5 s");
        eprintln!("connections: the {what} connection closed after {:.1} s", start.elapsed().as_secs_f64());
    }
    assert!(start.elapsed() < Duration::from_secs(3));
}
