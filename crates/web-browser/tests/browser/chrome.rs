//! Debian's headless Chromium driven through WebDriver: a chromedriver
//! process of the test's own, and one browser per player (each its own
//! Chromium with a new, empty profile, so its own cookies).

use fantoccini::wd::TimeoutConfiguration;
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{json, Value};
use std::os::unix::process::CommandExt;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

pub const CHROMIUM: &str = "/usr/bin/chromium";
pub const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

/// How long a page may take to show what the test waits for.
const PATIENCE: Duration = Duration::from_secs(30);

/// Fails unless Debian's Chromium and its driver are installed (the test
/// runs only when they were at build time, or in CI: build.rs).
pub fn must_be_installed(test: &str) {
    let missing: Vec<&str> =
        [CHROMIUM, CHROMEDRIVER].into_iter().filter(|p| !std::path::Path::new(p).exists()).collect();
    assert!(
        missing.is_empty(),
        "{test}: {} missing (Debian's packages `chromium` and `chromium-driver`; `apt-get install chromium \
         chromium-driver`, as .ci/run does)",
        missing.join(" and ")
    );
}

/// A chromedriver on a free loopback port, in a process group of its own
/// with the Chromiums it starts, and a folder for their profiles: when
/// dropped, the group is killed and the folder removed (so that a failed
/// test leaves no browser behind, and a browser still shutting down no
/// files).
pub struct Driver {
    url: String,
    child: Child,
    profiles: PathBuf,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ =
            Command::new("kill").args(["-KILL", "--", &format!("-{}", self.child.id())]).stderr(Stdio::null()).status();
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.profiles);
    }
}

impl Driver {
    pub fn start() -> Driver {
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let child = Command::new(CHROMEDRIVER)
            .arg(format!("--port={port}"))
            .process_group(0)
            .stdout(Stdio::null())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("chromedriver starts");
        let profiles =
            std::env::temp_dir().join(format!("polemarch-chromium-{}", polemarch_web::accounts::random_token()));
        Driver { url: format!("http://127.0.0.1:{port}"), child, profiles }
    }

    /// A new headless Chromium with a fresh, empty profile.
    pub async fn browser(&self) -> Browser {
        let profile = self.profiles.join(polemarch_web::accounts::random_token());
        std::fs::create_dir_all(&profile).unwrap();
        let args = [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--window-size=1280,1024",
        ];
        let mut args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
        args.push(format!("--user-data-dir={}", profile.display()));
        let caps = json!({"browserName": "chrome", "goog:chromeOptions": {"binary": CHROMIUM, "args": args}});
        let Value::Object(caps) = caps else { unreachable!() };
        let connector = hyper_util::client::legacy::connect::HttpConnector::new();
        let start = Instant::now();
        // chromedriver answers once it listens: until then, try again.
        let client = loop {
            match ClientBuilder::new(connector.clone()).capabilities(caps.clone()).connect(&self.url).await {
                Ok(c) => break c,
                Err(e) if start.elapsed() < PATIENCE => {
                    if start.elapsed() > Duration::from_secs(5) {
                        eprintln!("waiting for chromedriver: {e}");
                    }
                    tokio::time::sleep(Duration::from_millis(200)).await
                }
                Err(e) => panic!("no Chromium session from chromedriver within {PATIENCE:?}: {e}"),
            }
        };
        // A page that loads slower than the test's patience fails the test
        // (WebDriver's own limit is a minute).
        let patience = TimeoutConfiguration::new(Some(PATIENCE), Some(PATIENCE), None);
        client.update_timeouts(patience).await.expect("the browser takes the test's time limits");
        Browser { client }
    }
}

/// One player's browser. `close` ends it; one dropped without closing (a
/// failed test) is killed with its `Driver`.
pub struct Browser {
    client: Client,
}

impl Browser {
    pub fn c(&self) -> &Client {
        &self.client
    }

    pub async fn close(self) {
        self.client.close().await.expect("the browser closes");
    }

    pub async fn goto(&self, url: &str) {
        self.c().goto(url).await.unwrap_or_else(|e| panic!("{url}: {e}"));
    }

    pub async fn find(&self, css: &str) -> fantoccini::elements::Element {
        self.c()
            .wait()
            .at_most(PATIENCE)
            .for_element(Locator::Css(css))
            .await
            .unwrap_or_else(|e| panic!("no `{css}` on the page: {e}"))
    }

    pub async fn text(&self, css: &str) -> String {
        self.find(css).await.text().await.unwrap()
    }

    /// The page's URL.
    pub async fn url(&self) -> String {
        self.c().current_url().await.unwrap().to_string()
    }

    /// The value of a script (the body of a function).
    pub async fn js(&self, script: &str) -> Value {
        self.c().execute(script, vec![]).await.unwrap_or_else(|e| panic!("the script failed: {e}\n{script}"))
    }

    /// Waits until `script` returns true.
    pub async fn until(&self, what: &str, script: &str) {
        let start = Instant::now();
        while self.js(script).await != Value::Bool(true) {
            assert!(
                start.elapsed() < PATIENCE,
                "waited {PATIENCE:?} for {what}; the page says:\n{}",
                self.js("return document.body.innerText").await
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// Clicks the button `css` and waits for the page it leads to.
    pub async fn click_and_load(&self, css: &str) {
        let button = self.find(css).await;
        self.js("window.__polemarch_old_page = true; return true").await;
        button.click().await.unwrap_or_else(|e| panic!("clicking `{css}`: {e}"));
        self.until(
            &format!("the page after clicking `{css}`"),
            "return window.__polemarch_old_page === undefined && document.readyState === 'complete'",
        )
        .await;
    }

    /// Types `text` into the field `css` (key by key, as a person would).
    pub async fn type_into(&self, css: &str, text: &str) {
        self.find(css).await.send_keys(text).await.unwrap_or_else(|e| panic!("typing into `{css}`: {e}"));
    }

    /// Picks the option labelled `label` of the menu `css`.
    pub async fn choose(&self, css: &str, label: &str) {
        self.find(css)
            .await
            .select_by_label(label)
            .await
            .unwrap_or_else(|e| panic!("choosing `{label}` in `{css}`: {e}"));
    }
}
