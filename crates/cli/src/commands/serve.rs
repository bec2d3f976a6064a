//! `polemarch serve`: the web judge (crates/web, docs/web.md).

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;

pub fn run(addr: SocketAddr, data: PathBuf, secure_cookies: bool, no_demo: bool, limits: polemarch_web::limits::Settings) -> Result<ExitCode, String> {
    let database_url = std::env::var("DATABASE_URL").ok().filter(|u| !u.trim().is_empty());
    let config = polemarch_web::Config { addr, data, database_url, secure_cookies, demo: !no_demo, limits, ..Default::default() };
    polemarch_web::serve_blocking(config)?;
    Ok(ExitCode::SUCCESS)
}
