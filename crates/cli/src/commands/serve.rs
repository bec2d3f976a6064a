//! `polemarch serve`: the web judge (crates/web, docs/web.md).

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;

pub fn run(
    addr: SocketAddr,
    data: PathBuf,
    secure_cookies: bool,
    no_demo: bool,
    limits: polemarch_web::limits::Settings,
    mail: MailArgs,
) -> Result<ExitCode, String> {
    let database_url = std::env::var("DATABASE_URL").ok().filter(|u| !u.trim().is_empty());
    let mail = mail.settings(addr)?;
    let config = polemarch_web::Config {
        addr,
        data,
        database_url,
        secure_cookies,
        demo: !no_demo,
        limits,
        mail,
        ..Default::default()
    };
    polemarch_web::serve_blocking(config)?;
    Ok(ExitCode::SUCCESS)
}

/// Mail's settings: flags, or the environment (the password only there),
/// never a file.
#[derive(clap::Args, Debug)]
pub struct MailArgs {
    /// The SMTP server that sends the judge's mail (without it there is no mail).
    #[arg(long, env = "POLEMARCH_SMTP_HOST", value_name = "HOST")]
    smtp_host: Option<String>,
    /// Its port (default: 587 with starttls, 465 with tls, 25 with none).
    #[arg(long, env = "POLEMARCH_SMTP_PORT", value_name = "PORT")]
    smtp_port: Option<u16>,
    /// starttls, tls, or none (only for a mail server on this machine).
    #[arg(long, env = "POLEMARCH_SMTP_SECURITY", value_name = "HOW", default_value = "starttls")]
    smtp_security: String,
    /// The SMTP user name, if the server wants one (the password is read from POLEMARCH_SMTP_PASSWORD only).
    #[arg(long, env = "POLEMARCH_SMTP_USER", value_name = "NAME")]
    smtp_user: Option<String>,
    /// The sender of the mail, e.g. "polemarch <judge@example.org>" (needed with --smtp-host).
    #[arg(long, env = "POLEMARCH_MAIL_FROM", value_name = "ADDRESS")]
    mail_from: Option<String>,
    /// The site's address as players reach it, for the links in mail (default: http://ADDR).
    #[arg(long, env = "POLEMARCH_PUBLIC_URL", value_name = "URL")]
    public_url: Option<String>,
}

impl MailArgs {
    fn settings(self, addr: SocketAddr) -> Result<Option<polemarch_web::mail::Settings>, String> {
        use polemarch_web::mail::{Security, Settings};
        let Some(host) = self.smtp_host.filter(|h| !h.trim().is_empty()) else { return Ok(None) };
        let security = Security::parse(&self.smtp_security)?;
        let from =
            self.mail_from.ok_or("--smtp-host needs --mail-from (or POLEMARCH_MAIL_FROM): the sender of the mail")?;
        let port = self.smtp_port.unwrap_or(match security {
            Security::StartTls => 587,
            Security::Tls => 465,
            Security::None => 25,
        });
        Ok(Some(Settings {
            host,
            port,
            security,
            password: std::env::var("POLEMARCH_SMTP_PASSWORD").ok().filter(|p| !p.is_empty()),
            user: self.smtp_user,
            from,
            public_url: self.public_url.unwrap_or_else(|| format!("http://{addr}")),
            every: std::time::Duration::from_secs(2),
        }))
    }
}
