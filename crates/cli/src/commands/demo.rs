pub fn run() -> Result<std::process::ExitCode, String> {
    Err("demo: not written yet".into())
}
