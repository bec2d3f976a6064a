//! A real server in a child process: this test binary run again with only
//! its `child_server` entry point, told by environment variables what to
//! serve. Killed when dropped.

use crate::common::TestServer;
use std::io::BufRead;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

pub struct ChildServer {
    pub port: u16,
    child: Child,
    /// The child's standard error, line by line.
    pub said: mpsc::Receiver<String>,
}

impl ChildServer {
    /// The child's process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }
}

impl Drop for ChildServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl ChildServer {
    /// The child's CPU time so far (user and system, all its threads), in
    /// seconds (Linux; None elsewhere).
    pub fn cpu_secs(&self) -> Option<f64> {
        cpu_secs(&self.child.id().to_string())
    }
}

/// A process's CPU time so far (`pid`, or "self"), from /proc.
pub fn cpu_secs(pid: &str) -> Option<f64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // After the name in parentheses: the state (field 3), ..., utime and
    // stime (fields 14 and 15), in ticks of 1/100 s (Linux's USER_HZ).
    let fields: Vec<&str> = stat[stat.rfind(')')? + 2..].split(' ').collect();
    Some((fields.get(11)?.parse::<f64>().ok()? + fields.get(12)?.parse::<f64>().ok()?) / 100.0)
}

/// What else a child server is started with.
#[derive(Default)]
pub struct Extra {
    /// Its limit of open descriptors (soft and hard), if lower.
    pub nofile: Option<u64>,
    /// A request's head must be in within this long (default: the judge's).
    pub header_timeout: Option<Duration>,
    /// Count sign-ins by `X-Forwarded-For` (as behind a proxy).
    pub trust_forwarded_for: bool,
}

/// Starts a server on the database of `s` (a second process on it), and
/// waits until it answers. `pause`: processing pauses inside its
/// transaction (the kill test's hook).
pub async fn start(s: &TestServer, pause: Option<Duration>) -> ChildServer {
    start_with(s, pause, Extra::default()).await
}

/// [`start`], with more.
pub async fn start_with(s: &TestServer, pause: Option<Duration>, extra: Extra) -> ChildServer {
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let mut cmd = Command::new(std::env::current_exe().unwrap());
    cmd.args(["--ignored", "--exact", "child_server", "--nocapture", "--test-threads", "1"])
        .env("POLEMARCH_CHILD_PORT", port.to_string())
        .env("POLEMARCH_CHILD_DATA", &s.config.data)
        .env_remove("POLEMARCH_CHILD_DATABASE_URL")
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    if let Some(url) = &s.config.database_url {
        cmd.env("POLEMARCH_CHILD_DATABASE_URL", url);
    }
    if let Some(p) = pause {
        cmd.env("POLEMARCH_CHILD_PAUSE_MS", p.as_millis().to_string());
    }
    if let Some(t) = extra.header_timeout {
        cmd.env("POLEMARCH_CHILD_HEADER_TIMEOUT_MS", t.as_millis().to_string());
    }
    if extra.trust_forwarded_for {
        cmd.env("POLEMARCH_CHILD_TRUST_FORWARDED", "1");
    }
    if let Some(n) = extra.nofile {
        use std::os::unix::process::CommandExt;
        let limit = libc::rlimit { rlim_cur: n, rlim_max: n };
        // SAFETY: setrlimit between fork and exec touches only the child.
        unsafe {
            cmd.pre_exec(move || {
                if libc::setrlimit(libc::RLIMIT_NOFILE, &limit) == 0 {
                    Ok(())
                } else {
                    Err(std::io::Error::last_os_error())
                }
            });
        }
    }
    let mut child = cmd.spawn().expect("the child server starts");
    let (tx, said) = mpsc::channel();
    let stderr = child.stderr.take().unwrap();
    std::thread::spawn(move || {
        for line in std::io::BufReader::new(stderr).lines().map_while(Result::ok) {
            eprintln!("  [child] {line}");
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let server = ChildServer { port, child, said };
    let start = Instant::now();
    loop {
        if let Ok(mut c) = crate::client::Client::connect(port).await {
            if let Ok((200, _)) = c.call("GET", "/api/variants", None, None).await {
                return server;
            }
        }
        assert!(start.elapsed() < Duration::from_secs(60), "the child server did not answer within 60 s");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The child's side: serves when started by `start`, else does nothing.
pub async fn run_if_asked() {
    let Ok(port) = std::env::var("POLEMARCH_CHILD_PORT") else { return };
    let mut config = polemarch_web::Config {
        addr: format!("127.0.0.1:{port}").parse().unwrap(),
        data: std::env::var("POLEMARCH_CHILD_DATA").unwrap().into(),
        database_url: std::env::var("POLEMARCH_CHILD_DATABASE_URL").ok(),
        demo: false,
        poll: Duration::from_millis(100),
        pause_in_processing: std::env::var("POLEMARCH_CHILD_PAUSE_MS")
            .ok()
            .map(|ms| Duration::from_millis(ms.parse().unwrap())),
        ..Default::default()
    };
    config.limits.sign_in_per_minute = 1_000_000;
    config.limits.submissions_per_minute = 1_000_000;
    // The load test's thousand players all come from 127.0.0.1 (as many
    // addresses in real life): no cap per address.
    config.limits.connections_per_address = usize::MAX;
    if let Ok(ms) = std::env::var("POLEMARCH_CHILD_HEADER_TIMEOUT_MS") {
        config.limits.header_timeout = Duration::from_millis(ms.parse().unwrap());
    }
    config.limits.trust_forwarded_for = std::env::var_os("POLEMARCH_CHILD_TRUST_FORWARDED").is_some();
    polemarch_web::serve(config).await.unwrap();
}
