//! Issue 15: `polemarch selfplay` and `game process --bot` through the
//! command line.

mod common;
use common::{new_game, ok, polemarch, stderr, stdout, submit, tempdir};

fn stats(dir: &std::path::Path) -> serde_json::Value {
    serde_json::from_str(&std::fs::read_to_string(dir.join("stats.json")).unwrap()).expect("stats.json is JSON")
}

/// The same seed prints the same statistics, with one thread or two; every
/// record replays clean; the statistics add up.
#[test]
fn selfplay_is_deterministic_and_its_records_replay() {
    let dir = tempdir("selfplay-same");
    let (a, b) = (dir.join("a"), dir.join("b"));
    let run = |out: &std::path::Path, jobs: &str| {
        ok(&[
            "selfplay",
            "standard",
            "--games",
            "4",
            "--bots",
            "greedy",
            "--seed",
            "1",
            "--years",
            "8",
            "--jobs",
            jobs,
            "--out",
            out.to_str().unwrap(),
        ])
    };
    let first = run(&a, "2");
    let second = run(&b, "1");
    assert_eq!(first, second, "the same seed, the same standard output");
    assert_eq!(stats(&a), stats(&b));
    assert!(first.contains("| Austria | 4 |"), "{first}");
    let s = stats(&a);
    assert_eq!(s["games"], 4);
    assert_eq!(s["rejected_orders"].as_array().unwrap().len(), 0, "{s}");
    let results = &s["results"];
    let ended = results["solo"].as_u64().unwrap()
        + results["joint"].as_u64().unwrap()
        + results["drawn_at_year_limit"].as_u64().unwrap();
    assert_eq!(ended, 4, "{s}");
    // Every game starts with 22 centres owned among the powers: the
    // average of each year is at most the 34 centres.
    let powers = s["powers"].as_array().unwrap();
    let year1: f64 = powers.iter().map(|p| p["centres_by_year"][0].as_f64().unwrap()).sum();
    assert!((22.0..=34.0).contains(&year1), "{year1}");
    let games: Vec<String> =
        (1..=4).map(|i| a.join("games").join(format!("game-{i:04}.json")).to_str().unwrap().to_string()).collect();
    let mut args = vec!["replay"];
    args.extend(games.iter().map(String::as_str));
    let replayed = ok(&args);
    assert!(replayed.trim_end().ends_with("4 passed, 0 failed"), "{replayed}");
    // Another seed plays other games.
    let other = ok(&[
        "selfplay",
        "standard",
        "--games",
        "4",
        "--bots",
        "greedy",
        "--seed",
        "2",
        "--years",
        "8",
        "--no-records",
        "--out",
        dir.join("c").to_str().unwrap(),
    ]);
    assert_ne!(first, other);
    // The folder of a finished run is not overwritten without --force.
    let again = polemarch(&["selfplay", "standard", "--games", "1", "--out", a.to_str().unwrap()]);
    assert!(!again.status.success() && stderr(&again).contains("--force"), "{}", stderr(&again));
}

/// The greedy bot, alone against six random bots, wins standard Diplomacy
/// at least 9 times in 10, whichever power it plays.
#[test]
fn greedy_beats_six_random_bots() {
    let dir = tempdir("selfplay-1v6");
    let out = dir.join("run");
    ok(&[
        "selfplay",
        "standard",
        "--games",
        "10",
        "--bots",
        "greedy,random,random,random,random,random,random",
        "--rotate",
        "--seed",
        "5",
        "--no-records",
        "--out",
        out.to_str().unwrap(),
    ]);
    let s = stats(&out);
    let bots = s["bots"].as_array().unwrap();
    let greedy = bots.iter().find(|b| b["bot"] == "greedy").expect("greedy played");
    assert_eq!(greedy["games"], 10);
    assert!(greedy["wins"].as_u64().unwrap() >= 9, "{s}");
    // Rotated: each of the seven powers was greedy at least once.
    let powers_won: Vec<u64> = s["powers"].as_array().unwrap().iter().map(|p| p["wins"].as_u64().unwrap()).collect();
    assert!(powers_won.iter().filter(|&&w| w > 0).count() >= 6, "{powers_won:?}");
}

#[test]
fn selfplay_refuses_unknown_bots_and_no_games() {
    let dir = tempdir("selfplay-bad");
    let out = dir.join("x");
    let bad = polemarch(&["selfplay", "standard", "--bots", "greedy,clever", "--out", out.to_str().unwrap()]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(stderr(&bad).contains("unknown bot `clever` (bots: search, dumbbot, greedy, random)"), "{}", stderr(&bad));
    let none = polemarch(&["selfplay", "standard", "--games", "0", "--out", out.to_str().unwrap()]);
    assert!(stderr(&none).contains("--games: expected 1 to 1000000 games"), "{}", stderr(&none));
    // Not an abort allocating a slot for each of them.
    let many = polemarch(&["selfplay", "standard", "--games", "100000000000000", "--out", out.to_str().unwrap()]);
    assert_eq!(many.status.code(), Some(2), "{}", stderr(&many));
    assert!(stderr(&many).contains("--games: expected 1 to 1000000 games"), "{}", stderr(&many));
    let long = polemarch(&["selfplay", "standard", "--years", "1000", "--out", out.to_str().unwrap()]);
    assert!(stderr(&long).contains("--years: expected 1 to 200 years"), "{}", stderr(&long));
    let file = dir.join("results.txt");
    std::fs::write(&file, "mine\n").unwrap();
    let on_a_file =
        polemarch(&["selfplay", "standard", "--games", "1", "--years", "1", "--out", file.to_str().unwrap()]);
    assert_eq!(on_a_file.status.code(), Some(2), "{}", stderr(&on_a_file));
    assert!(stderr(&on_a_file).contains("results.txt: is a file; --out names a folder"), "{}", stderr(&on_a_file));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "mine\n");
}

/// `game process --bot` plays every power without orders; `game bot`
/// keeps a power's bot in the record, and `none` takes it away.
#[test]
fn a_bot_stands_in_for_powers_without_orders() {
    let dir = tempdir("stand-in");
    let (file, _) = new_game(&dir, "standard", 3);
    ok(&["game", "bot", &file, "italy", "greedy"]);
    submit(&file, "France", "A par - bur");
    let said = ok(&["game", "process", &file]);
    assert!(said.contains("Orders for Italy by bot greedy: "), "{said}");
    assert!(!said.contains("by bot greedy: none") && !said.contains("Orders for France"), "{said}");
    let rec = common::play::record(&file);
    assert_eq!(rec.bots.get("Italy").map(String::as_str), Some("greedy"));
    let by: Vec<&str> = rec.phases[0].submissions.iter().map(|s| s.by.as_str()).collect();
    assert_eq!(by, ["France", "bot greedy"]);
    // Every power without orders, by one bot; all its orders accepted.
    let said = ok(&["game", "process", &file, "--bot", "random"]);
    assert_eq!(said.matches("by bot random").count(), 7, "{said}");
    let rec = common::play::record(&file);
    assert!(rec.phases[1]
        .submissions
        .iter()
        .flat_map(|s| &s.orders)
        .all(|o| o.status == polemarch_engine::game::Status::Accepted));
    // `--bot` alone: the default stand-in, search.
    let said = ok(&["game", "process", &file, "--bot"]);
    assert!(said.contains("by bot search: ") && !said.contains("by bot random"), "{said}");
    ok(&["game", "bot", &file, "Italy", "none"]);
    assert!(common::play::record(&file).bots.is_empty());
    // Spaces around the name are not part of it, `none` included.
    ok(&["game", "bot", &file, "Italy", " Greedy "]);
    assert_eq!(common::play::record(&file).bots.get("Italy").map(String::as_str), Some("greedy"));
    ok(&["game", "bot", &file, "Italy", " none"]);
    assert!(common::play::record(&file).bots.is_empty());
    let bad = polemarch(&["game", "bot", &file, "Italy", "clever"]);
    assert!(stderr(&bad).contains("unknown bot `clever`"), "{}", stdout(&bad));
}

/// The issue's own command, run twice where no folder is named: the second
/// run keeps the first's results and writes beside them, and both print the
/// same statistics.
#[test]
fn the_same_command_twice_keeps_both_runs() {
    let dir = tempdir("selfplay-twice");
    let run = || {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_polemarch"))
            .args(["selfplay", "standard", "--games", "2", "--bots", "greedy", "--seed", "1", "--years", "3"])
            .current_dir(&dir)
            .output()
            .expect("polemarch runs");
        assert!(out.status.success(), "{}", stderr(&out));
        stdout(&out)
    };
    let (first, second) = (run(), run());
    assert_eq!(first, second);
    for folder in ["selfplay-standard-seed1", "selfplay-standard-seed1-2"] {
        assert!(dir.join(folder).join("stats.json").exists(), "{folder}");
        assert!(dir.join(folder).join("games").join("game-0002.json").exists(), "{folder}");
    }
}
