//! A record read and replayed phase by phase (`replay_text`) gives the
//! report that reading it whole and then replaying it gives (`import`,
//! `replay`), and the same error where the text does not read: records
//! that agree, that differ from polemarch, that contradict themselves, and
//! that stop reading after some phases.

use polemarch_engine::adjudicate::adjudicate;
use polemarch_engine::order::parse_order_line;
use polemarch_engine::replay::{
    import, replay, replay_text, replay_text_with, replay_with, Format, RecordedGame, RecordedPhase, Replayer,
};
use polemarch_engine::rules::Edition;
use polemarch_engine::variant::embedded_variant;
use polemarch_engine::{Position, Variant};

fn variant() -> Variant {
    let mut v = embedded_variant("standard").expect("built in").expect("valid");
    v.rules.edition = Edition::DROIDIPPY;
    v
}

/// One PHASE block of godip's text: `pos` as POSITIONS lines, and the
/// orders as written.
fn block(v: &Variant, label: &str, pos: &Position, orders: &[&str]) -> String {
    let mut text = format!("PHASE {label}\nPOSITIONS\n");
    for f in &pos.forces {
        let kind = if f.is_army() { "army" } else { "fleet" };
        text += &format!("{}: {kind} {}\n", v.power(f.power).name, v.loc_abbr(f.loc));
    }
    for (p, owner) in pos.owners.iter().enumerate() {
        if let Some(owner) = owner {
            let province = v.province_ids().nth(p).expect("a province");
            text += &format!("{}: supply {}\n", v.power(*owner).name, v.province(province).abbr);
        }
    }
    text += "ORDERS\n";
    for o in orders {
        text += &format!("{o}\n");
    }
    text
}

/// France's first year, as godip writes it: four phases, each the outcome
/// of the one before (the Fall's orders in polemarch's notation to
/// adjudicate them, in godip's in the text).
fn year(v: &Variant) -> Vec<String> {
    let spring = Position::start(v);
    let orders = |lines: &[&str]| lines.iter().map(|l| parse_order_line(v, l).expect("an order")).collect::<Vec<_>>();
    let fall = adjudicate(v, &spring, &orders(&["France: A par - bur", "France: A mar - spa"])).next;
    let winter = adjudicate(v, &fall, &orders(&["France: A spa - por", "France: A bur - bel"])).next;
    let spring_1902 = adjudicate(v, &winter, &orders(&["France: BUILD A par", "France: BUILD A mar"])).next;
    vec![
        block(v, "1901 Spring Movement", &spring, &["par move bur", "mar move spa"]),
        block(v, "1901 Fall Movement", &fall, &["spa move por", "bur move bel"]),
        block(v, "1901 Fall Adjustment", &winter, &["build army par", "build army mar"]),
        block(v, "1902 Spring Movement", &spring_1902, &["par hold"]),
    ]
}

/// The report (or error) read phase by phase, checked against the one
/// read whole; in short: the phases, the differences and the glitches,
/// or the error.
fn same_both_ways(v: &Variant, text: &str) -> String {
    let whole = import(v, Format::Godip, text).map(|game| replay(v, &game, Edition::DROIDIPPY));
    let streamed = replay_text(v, Format::Godip, text, Edition::DROIDIPPY);
    assert_eq!(streamed, whole, "{text}");
    match streamed {
        Ok(r) => {
            format!("{} phases, differs {}, glitches {}", r.phases, r.first_difference.is_some(), r.record_errors.len())
        }
        Err(e) => format!("error: {e}"),
    }
}

#[test]
fn a_record_replays_the_same_phase_by_phase() {
    let v = variant();
    let phases = year(&v);
    let agreeing = phases.concat();
    let report = replay_text(&v, Format::Godip, &agreeing, Edition::DROIDIPPY).expect("reads");
    assert_eq!((report.phases, report.first_difference.as_deref()), (4, None), "{report:?}");
    let cases = [
        (agreeing.clone(), "4 phases, differs false, glitches 0"),
        // One phase only.
        (phases[0].clone(), "1 phases, differs false, glitches 0"),
        // polemarch differs: the Fall's start has Paris's army stay home.
        (agreeing.replacen("France: army bur", "France: army par", 1), "4 phases, differs true, glitches 0"),
        // A glitch in the Winter's orders (an unknown province): its
        // outcome is not checked.
        (
            [&phases[0][..], &phases[1], &phases[2].replacen("build army par", "build army xyz", 1), &phases[3]]
                .concat(),
            "4 phases, differs false, glitches 1",
        ),
        // A second unit in the Fall's start, and an unknown province in the
        // last phase's orders: two glitches.
        (
            agreeing
                .replacen("France: army bur", "France: army bur\nFrance: army bur", 1)
                .replacen("par hold", "xyz hold", 1),
            "4 phases, differs false, glitches 2",
        ),
        // A phase that does not read after three that do.
        (
            [&phases[0][..], &phases[1], &phases[2], "PHASE 1902 Sprung Movement\n"].concat(),
            "error: line 150: `Sprung 1902 Movement`",
        ),
        // A line before the first PHASE, and no PHASE at all.
        (format!("POSITIONS\n{agreeing}"), "error: "),
        (String::new(), "error: "),
    ];
    // One replayer for every case in turn (those that stop reading too):
    // each report is the one a fresh replay gives.
    let mut replayer = Replayer::default();
    for (text, said) in cases {
        let got = same_both_ways(&v, &text);
        assert!(got.starts_with(said), "{got}, not {said}: {text}");
        let kept = replay_text_with(&mut replayer, &v, Format::Godip, &text, Edition::DROIDIPPY);
        assert_eq!(kept, replay_text(&v, Format::Godip, &text, Edition::DROIDIPPY), "{text}");
    }
}

/// A game of `id` recorded from its start: each phase's orders (none: the
/// judge's defaults) and the position they lead to, `n` phases.
fn recorded(id: &str, n: usize) -> (Variant, RecordedGame) {
    let v = embedded_variant(id).expect("built in").expect("valid");
    let mut pos = Position::start(&v);
    let mut phases = Vec::new();
    for _ in 0..n {
        let next = adjudicate(&v, &pos, &[]).next;
        let label = v.calendar.display(pos.phase).to_string();
        phases.push(RecordedPhase { label, start: std::mem::replace(&mut pos, next), ..RecordedPhase::blank() });
    }
    (v, RecordedGame { phases, end: None })
}

/// What a replay works in may go from a record of one variant to one of
/// another (the CLI keeps one `Replayer` for all its files): each report
/// is the one a fresh replay gives, and a record that differs from
/// polemarch is still found to differ.
#[test]
fn one_replayer_replays_records_of_several_variants() {
    let standard = variant();
    let text = year(&standard).concat();
    let differing = text.replacen("France: army bur", "France: army par", 1);
    let others = [recorded("hoplite_wars", 6), recorded("imperator", 6), recorded("city_state", 6)];
    let mut replayer = Replayer::default();
    for _ in 0..2 {
        for (v, game) in &others {
            let native = v.rules.edition;
            let kept = replay_with(&mut replayer, v, game, native);
            assert_eq!(kept, replay(v, game, native), "{}", v.name);
            assert_eq!((kept.phases, kept.first_difference.as_deref()), (6, None), "{}: {kept:?}", v.name);
            for text in [&text, &differing] {
                let kept = replay_text_with(&mut replayer, &standard, Format::Godip, text, Edition::DROIDIPPY);
                assert_eq!(kept, replay_text(&standard, Format::Godip, text, Edition::DROIDIPPY));
            }
        }
    }
}
