//! Whole games through the game master's command line: a standard game
//! played from new to a solo victory with orders files, undone and redone;
//! resubmission; and a record that survives the process being killed.

use polemarch_engine::game::{self, GameRecord, GameResult};
use polemarch_engine::variant::{PhaseKind, PowerId, ProvinceId};
use polemarch_engine::{Position, Variant};
use std::collections::HashSet;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

mod common;
use common::play::{build_orders, movement_orders, record, retreat_orders};
use common::{new_game, ok, orders_file, polemarch, stderr, stdout, submit, submit_any, tempdir, variant};

/// The plain conqueror's targets: the centres `me` does not own.
fn targets(v: &Variant, pos: &Position, me: PowerId) -> HashSet<ProvinceId> {
    v.province_ids().filter(|&p| v.is_centre(p) && pos.owners[p.index()] != Some(me)).collect()
}

/// `power` plays (by `script` where it names the phase, else as the plain
/// conqueror), everyone else misses every deadline (units hold, missing
/// removals are made by civil disorder), until the game ends or `stop` says
/// so at the start of a phase. Returns the phases played.
fn play(v: &Variant, file: &str, power: &str, script: &[(&str, &[&str])], stop: impl Fn(&Position) -> bool) -> usize {
    let me = v.find_power(power).unwrap();
    let mut phases = 0;
    loop {
        let rec = record(file);
        if rec.result.is_some() {
            break;
        }
        let pos = game::current(v, &rec).unwrap();
        if stop(&pos) {
            break;
        }
        assert!(pos.phase.year <= 1930, "no winner by 1930");
        let name = v.calendar.display(pos.phase).to_string();
        let orders = match script.iter().find(|(phase, _)| *phase == name) {
            Some((_, lines)) => lines.iter().map(|l| l.to_string()).collect(),
            None => match v.calendar.kind(pos.phase) {
                PhaseKind::Movement => movement_orders(v, &pos, me, &targets(v, &pos, me)),
                PhaseKind::Retreat => retreat_orders(v, &pos, me),
                PhaseKind::Adjustment => build_orders(v, &pos, me),
            },
        };
        if !orders.is_empty() {
            submit(file, power, &orders.join("\n"));
        }
        ok(&["game", "process", file]);
        phases += 1;
    }
    phases
}

/// Issue 5: an Ancient Mediterranean game from the command line for two game
/// years with builds, and its record written in godip's game-text format
/// (with godip's province ids `the`, `sii`, `tys`) replayed clean.
#[test]
fn an_ancient_mediterranean_game_for_two_years_with_builds() {
    let v = variant("ancient_mediterranean");
    let dir = tempdir("ancmed");
    let (file, created) = new_game(&dir, "ancient_mediterranean", 1);
    assert!(created.contains("Spring 1, Movement (1 of 1), The Ancient Mediterranean"), "{created}");
    let phases = play(&v, &file, "Egypt", &[], |pos| pos.phase.year == 3);
    let rec = record(&file);
    assert!(phases >= 6, "two game years: {phases} phases");
    let egypt = v.find_power("Egypt").unwrap();
    let winters: Vec<&game::PhaseRecord> = rec.phases.iter().filter(|p| p.phase.starts_with("Winter")).collect();
    assert_eq!(winters.len(), 2, "two winters: {:?}", rec.phases.iter().map(|p| &p.phase).collect::<Vec<_>>());
    let built: usize = winters
        .iter()
        .map(|w| {
            w.processed
                .as_ref()
                .unwrap()
                .results
                .iter()
                .filter(|r| r.power == "Egypt" && r.order.starts_with("BUILD") && r.result == "SUCCESS")
                .count()
        })
        .sum();
    assert!(built >= 2, "Egypt built {built} units in two winters");
    let now = game::current(&v, &rec).unwrap();
    assert!(now.supply_halves(&v, egypt) >= 10, "Egypt grew to {} centres", now.supply_halves(&v, egypt) / 2);
    // The same game as godip game text, with godip's ids, replays clean.
    let godip = dir.join("game.txt");
    std::fs::write(&godip, godip_text(&v, &rec)).unwrap();
    let text = ok(&["replay", "--variant", "ancient_mediterranean", godip.to_str().unwrap()]);
    assert!(text.trim_end().ends_with("1 passed, 0 failed"), "{text}");
}

/// A polemarch record in godip's game-text format (its SOURCE.txt in
/// ../shared/reference/games/godip_droidippy describes it), naming Thebes,
/// Sinai and the Tyrrhenean Sea by godip's ids.
fn godip_text(v: &Variant, rec: &GameRecord) -> String {
    let godip_id = |abbr: &str| match abbr {
        "tyn" => "tys".to_string(),
        other => other.to_string(),
    };
    let mut out = String::new();
    for (i, p) in rec.phases.iter().enumerate() {
        let Some(done) = &p.processed else { continue };
        let pos = game::position_at(v, rec, i).unwrap();
        let step = v.calendar.step(pos.phase);
        let season = if step.season == "Autumn" || step.season == "Winter" { "Fall" } else { "Spring" };
        out += &format!("PHASE {} {season} {}\nPOSITIONS\n", pos.phase.year, step.kind.name());
        for f in &pos.forces {
            let kind = if f.is_fleet() { "fleet" } else { "army" };
            out += &format!("{}: {kind} {}\n", v.power(f.power).name, godip_id(&v.loc_abbr(f.loc)));
        }
        for d in &pos.dislodged {
            let kind = if d.force.is_fleet() { "fleet" } else { "army" };
            out +=
                &format!("{}: {kind}/dislodged {}\n", v.power(d.force.power).name, godip_id(&v.loc_abbr(d.force.loc)));
        }
        for (c, owner) in pos.owners.iter().enumerate() {
            if let Some(o) = owner {
                out += &format!("{}: supply {}\n", v.power(*o).name, godip_id(&v.provinces[c].abbr));
            }
        }
        out += "ORDERS\n";
        for list in done.orders.values() {
            for o in list {
                out += &godip_order(o, &godip_id);
                out += "\n";
            }
        }
    }
    out
}

/// One order in godip's words: `rom move nea`, `nea support rom move apu`,
/// `build Army rom`, `ale disband`.
fn godip_order(order: &str, id: &dyn Fn(&str) -> String) -> String {
    let w: Vec<&str> = order.split_whitespace().collect();
    match w.as_slice() {
        ["BUILD", kind, at] => format!("build {} {}", if *kind == "F" { "Fleet" } else { "Army" }, id(at)),
        ["REMOVE", _, at] => format!("remove {}", id(at)),
        [_, at, "H"] => format!("{} hold", id(at)),
        [_, at, "D"] => format!("{} disband", id(at)),
        [_, at, "-", to] | [_, at, "R", to] => format!("{} move {}", id(at), id(to)),
        [_, at, "-", to, "via", "convoy"] => format!("{} move {} via convoy", id(at), id(to)),
        [_, at, "S", _, whom, "-", to] => format!("{} support {} move {}", id(at), id(whom), id(to)),
        [_, at, "S", _, whom] => format!("{} support {}", id(at), id(whom)),
        [_, at, "C", _, whom, "-", to] => format!("{} convoy {} move {}", id(at), id(whom), id(to)),
        _ => panic!("no godip form for `{order}`"),
    }
}

#[test]
fn a_standard_game_to_a_solo_victory_undone_and_redone() {
    let v = variant("standard");
    let dir = tempdir("solo");
    let (file, created) = new_game(&dir, "standard", 42);
    assert!(created.contains("Spring 1901, Movement (1 of 1)"), "{created}");
    let phases = play(&v, &file, "France", &[], |_| false);
    let finished = record(&file);
    assert_eq!(finished.result, Some(GameResult::Solo("France".into())));
    let last = game::current(&v, &finished).unwrap();
    assert!(last.supply_halves(&v, v.find_power("France").unwrap()) >= 36);
    assert_eq!(finished.phases.len(), phases + 1);
    let shown = ok(&["game", "show", &file]);
    assert!(shown.contains("The game is over: France wins."), "{shown}");
    assert!(shown.contains("  eliminated: Austria, Germany"), "{shown}");
    // A finished game takes no more orders.
    let out = polemarch(&["game", "process", &file]);
    assert!(!out.status.success());
    assert!(stderr(&out).contains("the game is over (France wins)"), "{}", stderr(&out));

    // Undo the winning phase, then process it again: the same result.
    let undone = ok(&["game", "undo", &file]);
    assert!(undone.contains("Back to"), "{undone}");
    let reopened = record(&file);
    assert_eq!(reopened.result, None);
    assert_eq!(reopened.phases.len(), finished.phases.len() - 1);
    assert!(reopened.phases.last().unwrap().processed.is_none());
    ok(&["game", "process", &file]);
    let redone = record(&file);
    assert_eq!(redone, finished, "undo then process gives back the same record");

    // Every phase can be rebuilt from the record: its start and its orders
    // give its recorded end.
    for (i, p) in redone.phases.iter().enumerate().filter(|(_, p)| p.processed.is_some()) {
        let start = game::position_at(&v, &redone, i).unwrap();
        let done = p.processed.as_ref().unwrap();
        let orders: Vec<_> = done
            .orders
            .iter()
            .flat_map(|(power, list)| list.iter().map(move |o| format!("{power}: {o}")))
            .map(|l| polemarch_engine::order::parse_order_line(&v, &l).unwrap())
            .collect();
        let again = polemarch_engine::adjudicate(&v, &start, &orders);
        assert_eq!(again.next.to_json(&v), done.end, "phase {}", p.phase);
    }
}

/// Multiplicity II (issue 4): the placement phase, a merge and a split by
/// France, then play on to a French victory, all through the command line.
#[test]
fn a_multiplicity_game_from_placement_to_victory() {
    let v = variant("multiplicity");
    let dir = tempdir("multiplicity");
    let (file, created) = new_game(&dir, "multiplicity", 9);
    assert!(created.contains("Winter 1900, Adjustment (1 of 1)"), "{created}");
    let script: &[(&str, &[&str])] = &[
        // M13: France places a fleet in Marseilles and an army in Brest.
        ("Winter 1900, Adjustment", &["BUILD F mar", "BUILD A bre"]),
        // M6: two armies merge in Picardy.
        ("Spring 1901, Movement", &["A par & A bre MERGE 2A pic", "F mar - spa/sc"]),
        // M9: the 2A splits into Belgium and Burgundy.
        ("Autumn 1901, Movement", &["2A pic SPLIT A bel, A bur", "F spa/sc - por"]),
    ];
    play(&v, &file, "France", script, |_| false);
    let finished = record(&file);
    assert_eq!(finished.result, Some(GameResult::Solo("France".into())));
    let at = |i: usize| game::position_at(&v, &finished, i).unwrap();
    let france = v.find_power("France").unwrap();
    let units = |pos: &Position| -> Vec<String> {
        pos.forces
            .iter()
            .filter(|f| f.power == france)
            .map(|f| format!("{} {}", polemarch_engine::state::write_composition(&f.components), v.loc_abbr(f.loc)))
            .collect()
    };
    assert_eq!(units(&at(1)), ["A bre", "F mar", "A par"], "after the placement");
    assert!(units(&at(2)).contains(&"2A pic".to_string()), "after the merge: {:?}", units(&at(2)));
    let after_split = units(&at(3));
    assert!(
        after_split.contains(&"A bel".to_string()) && after_split.contains(&"A bur".to_string()),
        "after the split: {after_split:?}"
    );
}

#[test]
fn orders_are_accepted_replaced_or_rejected_per_line() {
    let dir = tempdir("orders");
    let (file, _) = new_game(&dir, "standard", 1);
    let orders = orders_file(
        &file,
        "England",
        "F lon - nth\nA lvp - yor\nF lon - eng   # changed my mind\nA lvp - mun\nF edi - xyz\nGermany: A ber - kie\n",
    );
    let out = polemarch(&["game", "orders", &file, "England", &orders]);
    let text = stdout(&out);
    assert!(text.contains("accepted  F lon - nth"), "{text}");
    assert!(text.contains("accepted  A lvp - yor"), "{text}");
    assert!(text.contains("replaced  F lon - eng"), "{text}");
    assert!(text.contains("rejected  A lvp - mun  -- illegal: the destination is not adjacent"), "{text}");
    assert!(text.contains("rejected  F edi - xyz  -- column 9: expected a province"), "{text}");
    assert!(text.contains("rejected  Germany: A ber - kie  -- this is an order of Germany, not of England"), "{text}");
    assert_eq!(out.status.code(), Some(1), "rejections make the exit status 1");
    // A second submission replaces the first for the same unit.
    let again = submit(&file, "England", "F lon - nth\n");
    assert!(again.contains("replaced  F lon - nth"), "{again}");
    let shown = ok(&["game", "show", &file]);
    assert!(shown.contains("Orders missing from: Austria, France, Germany, Italy, Russia, Turkey"), "{shown}");
    let processed = ok(&["game", "process", &file]);
    assert!(processed.contains("F lon - nth                  moved"), "{processed}");
    assert!(processed.contains("A lvp - yor                  moved"), "{processed}");
    let rec = record(&file);
    let first = &rec.phases[0];
    assert_eq!(first.submissions.len(), 2);
    assert_eq!(first.submissions[0].by, "England");
    assert!(first.submissions[0].at.ends_with('Z'));
    assert_eq!(first.processed.as_ref().unwrap().orders["England"], ["F lon - nth", "A lvp - yor"]);
}

/// `game process` killed at moments spread from its start to past its end
/// always leaves a record that reads: the old one or the new one.
#[test]
fn killing_the_process_never_corrupts_the_record() {
    let v = variant("standard");
    let dir = tempdir("kill");
    let (file, _) = new_game(&dir, "standard", 3);
    // A few phases in, so that the record is of some size; these whole runs
    // tell how long one takes (their median, which one slow disk write does
    // not sway).
    let mut runs: Vec<Duration> = (0..6)
        .map(|_| {
            let start = Instant::now();
            ok(&["game", "process", &file]);
            start.elapsed()
        })
        .collect();
    runs.sort();
    let run = runs[runs.len() / 2];
    // KILLS kills from at once (the child has barely started) to twice a
    // whole run (the child is done); then, should every run so far have
    // been slower than that (a loaded machine, a stalled disk), ever later
    // ones, up to 512 runs' time, until a run completes first.
    const KILLS: u32 = 40;
    let sweep = (0..KILLS).map(|i| run * 2 * i / KILLS);
    let later = (2..=9).map(|k| run * (1 << k));
    let mut saw_old = 0;
    let mut saw_new = 0;
    // The children whose kill left the old record.
    let mut left_old = HashSet::new();
    for (i, delay) in sweep.chain(later).enumerate() {
        if i >= KILLS as usize && saw_new > 0 {
            break;
        }
        let before = std::fs::read_to_string(&file).unwrap();
        let mut child = Command::new(env!("CARGO_BIN_EXE_polemarch"))
            .args(["game", "process", file.as_str()])
            .stdout(Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(delay);
        let _ = child.kill();
        let _ = child.wait();
        let after = std::fs::read_to_string(&file).unwrap();
        let rec: GameRecord =
            serde_json::from_str(&after).unwrap_or_else(|e| panic!("a kill after {delay:?} left a broken record: {e}"));
        game::check_record(&rec).unwrap();
        game::current(&v, &rec).unwrap();
        if after == before {
            saw_old += 1;
            left_old.insert(child.id());
        } else {
            saw_new += 1;
            let old: GameRecord = serde_json::from_str(&before).unwrap();
            assert_eq!(rec.phases.len(), old.phases.len() + 1, "a kill after {delay:?}: a whole phase was added");
        }
    }
    // The record is written to `.game.json.<pid>.<random>.tmp` and renamed over
    // `game.json`: a kill between the two leaves that file behind, and the
    // old record. Nothing else is left beside the record but its lock file.
    let mut mid_write = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let name = entry.unwrap().file_name().to_string_lossy().into_owned();
        let of_a_kill_mid_write =
            left_old.iter().any(|pid| name.starts_with(&format!(".game.json.{pid}.")) && name.ends_with(".tmp"));
        assert!(name == "game.json" || name == ".game.json.lock" || of_a_kill_mid_write, "unexpected file {name}");
        mid_write += usize::from(of_a_kill_mid_write);
    }
    eprintln!(
        "a run takes {run:?}; {saw_old} kills left the old record ({mid_write} of them mid-write), {saw_new} the \
         new one"
    );
    assert!(
        saw_old > 0 && saw_new > 0,
        "the kills should fall on both sides of a run's end: {saw_old} left the old record, {saw_new} the new one"
    );
}

/// Submits each power's orders of one phase, then processes it.
fn play_phase(file: &str, orders: &[(&str, &[&str])]) -> String {
    for (power, lines) in orders {
        submit(file, power, &lines.join("\n"));
    }
    ok(&["game", "process", file])
}

/// Issue 6: Hoplite Wars through the command line, from the Winter 451 BC
/// placement through the colony draw and Winter 450 BC on to the sack of
/// Delphi and its free builds: builds in Towns, a garrison, a merge of a
/// Major's and a Minor's fleets; the colony draw is the same on replay.
#[test]
fn a_hoplite_wars_game_from_the_placement_to_the_sack_of_delphi() {
    let v = variant("hoplite_wars");
    let dir = tempdir("hoplite");
    let (file, created) = new_game(&dir, "hoplite_wars", 451);
    assert!(created.contains("Winter 451 BC, Adjustment (1 of 1), Hoplite Wars"), "{created}");
    // H15, the seed's examples: Athens 2F ath, A mar with Anactorium A ana;
    // Sparta 2A spa, G pra, G zar with Elatea A ela.
    play_phase(
        &file,
        &[
            ("Athens", &["BUILD 2F ath", "BUILD A mar"]),
            ("Anactorium", &["BUILD A ana"]),
            ("Sparta", &["BUILD 2A spa", "BUILD G pra", "BUILD G zar"]),
            ("Elatea", &["BUILD A ela"]),
            ("Boeotia", &["BUILD F the", "BUILD A orc", "BUILD A aul"]),
            ("Elis", &["BUILD F eli"]),
        ],
    );
    let rec = record(&file);
    let placed = game::current(&v, &rec).unwrap();
    let unit = |pos: &Position, power: &str, text: &str| {
        pos.forces.iter().any(|f| {
            v.power(f.power).name == power
                && format!("{} {}", polemarch_engine::state::write_composition(&f.components), v.loc_abbr(f.loc))
                    == text
        })
    };
    assert!(
        unit(&placed, "Athens", "2F ath") && unit(&placed, "Sparta", "G pra") && unit(&placed, "Elatea", "A ela"),
        "placement"
    );
    assert!(unit(&placed, "Aetolia", "A cal"), "a power with no placement gets armies");
    // Spring 450 BC: Sparta into Tegea, Aetolia into Naupactus (Towns).
    play_phase(
        &file,
        &[
            ("Sparta", &["2A spa SPLIT A teg"]),
            ("Aetolia", &["A cal - nau"]),
            ("Elatea", &["A ela - phs"]),
            ("Boeotia", &["F the - goc"]),
            ("Elis", &["F eli - ion"]),
        ],
    );
    let rec = record(&file);
    let spring = game::current(&v, &rec).unwrap();
    let owner = |pos: &Position, p: &str| {
        pos.owners[v.province_of(v.find_loc(p).unwrap()).index()].map(|o| v.power(o).name.clone())
    };
    assert_eq!(owner(&spring, "teg").as_deref(), Some("Sparta"), "H6: a Town changes hands after Spring");
    assert_eq!(owner(&spring, "nau").as_deref(), Some("Aetolia"));
    // Autumn 450 BC: on to Lepreon and Delphi; the colonies are dealt.
    play_phase(
        &file,
        &[
            ("Sparta", &["A teg - lep"]),
            ("Elatea", &["A phs - del"]),
            ("Boeotia", &["F goc - cri"]),
            ("Elis", &["F ion - gop"]),
        ],
    );
    let rec = record(&file);
    let winter = game::current(&v, &rec).unwrap();
    assert_eq!(v.calendar.display(winter.phase).to_string(), "Winter 450 BC, Adjustment");
    let state = polemarch_engine::rules::write_state(&v, &winter.state);
    let colonies: Vec<(&String, &String)> = state.iter().filter(|(k, _)| k.starts_with("colony ")).collect();
    assert_eq!(colonies.len(), 7, "H9: seven colonies dealt: {state:?}");
    let mut majors: Vec<&String> = colonies.iter().map(|(_, p)| *p).collect();
    majors.sort();
    majors.dedup();
    assert_eq!(majors.len(), 7, "one colony to each Major: {colonies:?}");
    let shown = ok(&["game", "show", &file]);
    assert_eq!(shown.matches("  colony ").count(), 7, "the draw is shown: {shown}");
    // Aetolia: 3 Cities, Naupactus and its colony (seed 451 deals it Cos):
    // 8 halves against 6 of upkeep.
    assert!(shown.contains("colony cos: Aetolia"), "{shown}");
    assert!(shown.contains("Aetolia may build for 1 centre\n"), "{shown}");
    assert_eq!(owner(&winter, "teg").as_deref(), Some("Sparta"), "seed rule 8: Tegea kept");
    assert_eq!(owner(&winter, "lep").as_deref(), Some("Sparta"), "seed rule 8: Lepreon taken");
    // Winter 450 BC: builds in Towns, one a garrison (H5, H7).
    play_phase(&file, &[("Sparta", &["BUILD A lep"]), ("Aetolia", &["BUILD G nau"])]);
    let rec = record(&file);
    let spring449 = game::current(&v, &rec).unwrap();
    assert!(unit(&spring449, "Sparta", "2A lep"), "a build in a Town joins the army there");
    assert!(unit(&spring449, "Aetolia", "A/G nau"), "a garrison built in a Town");
    // Spring 449 BC: the Boeotian fleet merges with the Elean one (a Major's
    // and a Minor's units in one force, H3); Elatea sacks Delphi (H18).
    play_phase(&file, &[("Boeotia", &["F cri MERGE gop"]), ("Elatea", &["A del SACK"])]);
    let rec = record(&file);
    let after = game::current(&v, &rec).unwrap();
    let merged = after.forces.iter().find(|f| v.loc_abbr(f.loc) == "gop").expect("a force in gop");
    assert_eq!(v.power(merged.power).name, "Boeotia", "the mixed force is the Major's");
    assert_eq!(merged.components.len(), 2, "{merged:?}");
    assert!(merged.components.iter().any(|c| v.power(c.power).name == "Elis"), "{merged:?}");
    assert_eq!(
        polemarch_engine::rules::write_state(&v, &after.state).get("delphi").map(String::as_str),
        Some("sacked-by Elatea"),
        "H19: the sacking power"
    );
    // Autumn 449 BC, then Winter 449 BC: Elatea places its two free builds
    // in its home City, which its army left.
    play_phase(&file, &[]);
    let out = play_phase(&file, &[("Elatea", &["BUILD A* ela", "BUILD A* ela"])]);
    assert!(out.contains("BUILD A* ela"), "{out}");
    let rec = record(&file);
    let last = game::current(&v, &rec).unwrap();
    assert!(
        unit(&last, "Elatea", "2A* ela"),
        "{:?}",
        last.forces.iter().filter(|f| f.power == v.find_power("Elatea").unwrap()).collect::<Vec<_>>()
    );
    // The whole game replays clean, colony draw included.
    let replayed = ok(&["replay", &file]);
    assert!(replayed.trim_end().ends_with("1 passed, 0 failed"), "{replayed}");
}

/// In an adjustment (here the Hoplite Wars placement), a power's new
/// submission replaces its earlier one, unless nothing of it was accepted.
#[test]
fn an_adjustment_submission_replaces_the_earlier_one() {
    let dir = tempdir("resubmit");
    let (file, _) = new_game(&dir, "hoplite_wars", 3);
    submit(&file, "Messene", "BUILD A mes");
    let refused = polemarch(&["game", "orders", &file, "Messene", &orders_file(&file, "Messene", "BUILD 2G ela")]);
    assert!(
        stdout(&refused).contains("rejected  BUILD 2G ela  -- illegal: builds are made in home centres"),
        "{}",
        stdout(&refused)
    );
    let placed = ok(&["game", "process", &file]);
    assert!(placed.contains("BUILD A mes                  built"), "the first set stands: {placed}");
    // A fresh game: the second, accepted set replaces the first.
    let dir2 = tempdir("resubmit-fresh");
    let (file2, _) = new_game(&dir2, "hoplite_wars", 3);
    for text in ["BUILD A mes", "BUILD F mes"] {
        submit(&file2, "Messene", text);
    }
    let placed = ok(&["game", "process", &file2]);
    assert!(placed.contains("BUILD F mes                  built") && !placed.contains("BUILD A mes"), "{placed}");
}

/// In the Multiplicity placement a later submission replaces the whole
/// earlier one (a site it does not name gets its standard unit), and a
/// second order for a site in one submission is refused, as
/// docs/variants/multiplicity.md says.
#[test]
fn a_multiplicity_placement_is_replaced_whole_as_its_doc_says() {
    let dir = tempdir("multiplicity-resubmit");
    let (file, _) = new_game(&dir, "multiplicity", 1);
    submit(&file, "France", "BUILD F mar\nBUILD F bre");
    let said = submit_any(&file, "France", "BUILD A bre\nBUILD F bre");
    assert!(said.contains("rejected  BUILD F bre  -- illegal: the unit already has an order"), "{said}");
    assert!(
        said.contains(
            "In force for France (in this phase a submission with anything accepted replaces the earlier \
             one whole): BUILD A bre\n"
        ),
        "{said}"
    );
    let placed = ok(&["game", "process", &file]);
    assert!(
        placed.contains("BUILD A bre") && !placed.contains("BUILD F mar"),
        "the earlier fleet in Marseilles is gone: {placed}"
    );
    let doc = std::fs::read_to_string(common::root().join("docs/variants/multiplicity.md"))
        .unwrap()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(
        doc.contains("a power's later submission with anything accepted replaces its whole earlier one")
            && doc.contains("the first legal order for a site counts and a second is refused")
            && !doc.contains("a second order for a site replaces the first"),
        "docs/variants/multiplicity.md does not say what `game orders` does"
    );
}
