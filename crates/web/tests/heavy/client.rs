//! A small HTTP/1.1 client over one kept-alive loopback connection (JSON
//! in, JSON out), as an API client of the web judge would talk to it.

use serde_json::Value;
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;

pub struct Client {
    conn: BufReader<TcpStream>,
}

impl Client {
    pub async fn connect(port: u16) -> std::io::Result<Client> {
        let stream = TcpStream::connect(("127.0.0.1", port)).await?;
        stream.set_nodelay(true)?;
        Ok(Client { conn: BufReader::new(stream) })
    }

    /// One request: (status, body as JSON, or as a string when not JSON).
    pub async fn call(
        &mut self,
        method: &str,
        path: &str,
        token: Option<&str>,
        body: Option<&Value>,
    ) -> std::io::Result<(u16, Value)> {
        let body = body.map(|b| b.to_string()).unwrap_or_default();
        let auth = token.map(|t| format!("Authorization: Bearer {t}\r\n")).unwrap_or_default();
        let head = format!(
            "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n{auth}Content-Type: application/json\r\n\
             Content-Length: {}\r\n\r\n",
            body.len()
        );
        let stream = self.conn.get_mut();
        stream.write_all(format!("{head}{body}").as_bytes()).await?;
        let mut line = String::new();
        self.conn.read_line(&mut line).await?;
        let status: u16 = line
            .split(' ')
            .nth(1)
            .and_then(|s| s.parse().ok())
            .ok_or_else(|| bad(format!("no status line: {line:?}")))?;
        let mut length = None;
        loop {
            line.clear();
            if self.conn.read_line(&mut line).await? == 0 {
                return Err(bad("the connection closed in the headers".into()));
            }
            let l = line.trim_end();
            if l.is_empty() {
                break;
            }
            if let Some((k, v)) = l.split_once(':') {
                if k.eq_ignore_ascii_case("content-length") {
                    length = v.trim().parse::<usize>().ok();
                }
            }
        }
        let mut bytes = vec![0; length.ok_or_else(|| bad("no content-length".into()))?];
        self.conn.read_exact(&mut bytes).await?;
        let value = serde_json::from_slice(&bytes)
            .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&bytes).into_owned()));
        Ok((status, value))
    }
}

fn bad(what: String) -> std::io::Error {
    std::io::Error::new(std::io::ErrorKind::InvalidData, what)
}
