pub fn run(_variant: &str, _position: Option<&std::path::Path>, _orders: &std::path::Path, _json: bool) -> Result<std::process::ExitCode, String> {
    Err("adjudicate: not written yet".into())
}
