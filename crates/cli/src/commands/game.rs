//! `polemarch game new|orders|process|show|undo|draw`: the game master's
//! commands over a game record file.

use crate::record_file::open;
use crate::{orders_file, record_file, report, variants};
use polemarch_engine::game::{self, GameRecord, Status};
use polemarch_engine::state::json::unit_text;
use polemarch_engine::variant::check::centres_text;
use polemarch_engine::variant::PowerId;
use polemarch_engine::Variant;
use std::path::Path;
use std::process::ExitCode;

pub fn new(
    variant: &str,
    edition: Option<&str>,
    file: &Path,
    seed: Option<u64>,
    force: bool,
) -> Result<ExitCode, String> {
    record_file::may_create(file, force)?;
    let v = variants::load_as(variant, None, edition)?;
    let seed = seed.unwrap_or_else(|| {
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_nanos() as u64).unwrap_or(0)
    });
    let mut rec = game::new_game(&v, variant, seed);
    rec.edition = edition.map(String::from);
    record_file::create(file, &rec, force)?;
    println!("New game of {} in {} (seed {seed}).", v.name, file.display());
    print!("{}", show_text(&v, &rec, rec.phases.len() - 1)?);
    Ok(ExitCode::SUCCESS)
}

pub fn orders(file: &Path, power: &str, source: &Path, by: Option<&str>) -> Result<ExitCode, String> {
    // The orders are read before the record is locked: standard input may
    // take its time.
    let text = orders_file::read_input(source)?;
    let lines: Vec<String> = text.lines().map(String::from).collect();
    let (v, rec, (p, said)) = record_file::edit(file, |v, rec| {
        let p = v.power_named(power)?;
        let by = by.unwrap_or(&v.power(p).name).to_string();
        Ok((p, game::submit(v, rec, p, &by, &record_file::now(), &lines)?))
    })?;
    let mut rejected = 0;
    for s in &said {
        match s.status {
            Status::Accepted => println!("accepted  {}", s.order.as_deref().unwrap_or(&s.text)),
            Status::Replaced => println!(
                "replaced  {}  (replaces the earlier order for that unit)",
                s.order.as_deref().unwrap_or(&s.text)
            ),
            Status::Rejected => {
                rejected += 1;
                println!(
                    "rejected  {}  -- {}",
                    polemarch_engine::order::excerpt(&s.text),
                    s.reason.as_deref().unwrap_or("")
                );
            }
        }
    }
    let kept = said.len() - rejected;
    println!(
        "{kept} {} for {} in {}; {rejected} rejected.",
        if kept == 1 { "order" } else { "orders" },
        v.power(p).name,
        rec.phases.last().unwrap().phase
    );
    // What counts when the phase is processed, after this submission.
    let in_force = game::orders_in_force_of(&v, &rec, p)?;
    let whole = if v.calendar.kind(game::current(&v, &rec)?.phase) == polemarch_engine::variant::PhaseKind::Adjustment {
        " (in this phase a submission with anything accepted replaces the earlier one whole)"
    } else {
        ""
    };
    println!(
        "In force for {}{whole}: {}",
        v.power(p).name,
        if in_force.is_empty() { "nothing".into() } else { in_force.join(", ") }
    );
    Ok(if rejected == 0 { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}

pub fn process(file: &Path, bot: Option<&str>, pictures: Option<&Path>) -> Result<ExitCode, String> {
    if let Some(name) = bot {
        polemarch_bots::bot_named(name)?;
    }
    if let Some(dir) = pictures {
        std::fs::create_dir_all(dir).map_err(|e| format!("cannot make the pictures' folder {}: {e}", dir.display()))?;
    }
    let (v, rec, (before, missing, by_bots, outcome)) = record_file::edit(file, |v, rec| {
        let before = game::current(v, rec)?;
        let bots = polemarch_bots::stand_in::stand_ins(v, rec, bot)?;
        let by_bots: Vec<(PowerId, &'static str, Vec<game::SubmittedOrder>)> =
            polemarch_bots::stand_in::submit_for(v, rec, &bots, &record_file::now())?
                .into_iter()
                .map(|(p, said)| (p, bots.iter().find(|(q, _)| *q == p).map_or("", |(_, b)| b.name()), said))
                .collect();
        let missing = game::missing_orders(v, rec, &before);
        let outcome = game::process(v, rec)?;
        Ok((before, missing, by_bots, outcome))
    })?;
    for (p, name, said) in &by_bots {
        let orders: Vec<&str> = said.iter().filter_map(|s| s.order.as_deref()).collect();
        println!(
            "Orders for {} by bot {name}: {}",
            v.power(*p).name,
            if orders.is_empty() { "none".into() } else { orders.join(", ") }
        );
    }
    if !by_bots.is_empty() {
        println!();
    }
    if !missing.is_empty() {
        let names: Vec<&str> = missing.iter().map(|&p| v.power(p).name.as_str()).collect();
        println!(
            "No orders from {}: their units hold, retreats disband, adjustments by the rules.\n",
            names.join(", ")
        );
    }
    print!("{}", report::phase_report(&v, &before, &outcome));
    if let Some(end) = game::end_text(&v, &rec) {
        println!("\nThe game is over: {end}.");
    }
    if let Some(dir) = pictures {
        // The phase is processed and saved by now: a picture that cannot
        // be written is a warning, not a failure of the command.
        if let Err(e) = pictures_of_process(&v, &rec, dir) {
            eprintln!("warning: the phase was processed and saved, but its pictures could not be written: {e}");
        }
    }
    Ok(ExitCode::SUCCESS)
}

pub fn show(file: &Path, phase: Option<&str>) -> Result<ExitCode, String> {
    let (v, rec) = open(file)?;
    let index = match phase {
        None => rec.phases.len() - 1,
        Some(p) => find_phase(&v, &rec, p)?,
    };
    print!("{}", show_text(&v, &rec, index)?);
    Ok(ExitCode::SUCCESS)
}

/// After `process`: the processed phase with its orders
/// (`002-autumn-1901-movement-orders.png`) and the new phase
/// (`003-autumn-1901-retreat.png`), numbered as the record's phases.
fn pictures_of_process(v: &Variant, rec: &GameRecord, dir: &Path) -> Result<(), String> {
    use crate::commands::render::{phase_orders, write_picture, Format};
    let name = |i: usize, extra: &str| {
        let phase: String = rec.phases[i]
            .phase
            .to_lowercase()
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
            .collect();
        let phase = phase.split('-').filter(|s| !s.is_empty()).collect::<Vec<_>>().join("-");
        dir.join(format!("{:03}-{phase}{extra}.png", i + 1))
    };
    let last = rec.phases.len() - 1;
    let done =
        rec.phases.iter().rposition(|p| p.processed.is_some()).ok_or("the record has no processed phase to draw")?;
    let orders = phase_orders(v, rec, done)?;
    write_picture(v, &game::position_at(v, rec, done)?, &orders, &name(done, "-orders"), Format::Png, None)?;
    if last != done {
        write_picture(v, &game::position_at(v, rec, last)?, &[], &name(last, ""), Format::Png, None)?;
    }
    Ok(())
}

/// A phase by number (1 is the first) or by name (`Spring 1902, Movement`,
/// `Autumn 1901 movement`).
pub fn find_phase(v: &Variant, rec: &GameRecord, text: &str) -> Result<usize, String> {
    if let Ok(n) = text.parse::<usize>() {
        return (1..=rec.phases.len())
            .contains(&n)
            .then(|| n - 1)
            .ok_or_else(|| format!("phase {n}: the game has phases 1 to {}", rec.phases.len()));
    }
    let wanted = v.calendar.parse_phase(text)?;
    let name = v.calendar.display(wanted).to_string();
    rec.phases.iter().position(|p| p.phase == name).ok_or_else(|| format!("the game has no phase {name}"))
}

fn show_text(v: &Variant, rec: &GameRecord, index: usize) -> Result<String, String> {
    use std::fmt::Write;
    let pos = game::position_at(v, rec, index)?;
    let phase = &rec.phases[index];
    let mut out = String::new();
    let _ = writeln!(out, "{} ({} of {}), {}", phase.phase, index + 1, rec.phases.len(), v.name);
    out += &report::position_report(v, &pos);
    let survivors = game::survivors(v, &pos);
    // The Barbarians and Persians (Imperator I5) are the judge's, never out.
    let out_of_game: Vec<&str> = v
        .power_ids()
        .filter(|&p| !survivors.contains(&p) && !v.rules.played_by_judge(p))
        .map(|p| v.power(p).name.as_str())
        .collect();
    if !out_of_game.is_empty() {
        let _ = writeln!(out, "  eliminated: {}", out_of_game.join(", "));
    }
    if !pos.dislodged.is_empty() {
        let _ = writeln!(out, "Dislodged:");
        out += &report::dislodged_lines(v, &pos);
    }
    if v.calendar.kind(pos.phase) == polemarch_engine::variant::PhaseKind::Adjustment {
        for (p, b) in polemarch_engine::adjudicate::balances(v, &pos).into_iter().enumerate() {
            // In halves of a centre: a build is 2 (a garrison 1, H5). A
            // power out of the game (City State C15) has nothing to adjust.
            let due = polemarch_engine::adjudicate::adjustment_due(v, &pos, b, PowerId::new(p));
            // City State C3: a power with fleets and no port owes the
            // disbanding of a fleet whatever its balance, before the rest.
            if due && v.rules.must_adjust(v, &pos, PowerId::new(p)) {
                let _ =
                    writeln!(out, "  {} must first remove a fleet: it has fleets and owns no port", v.powers[p].name);
            }
            if b > 0 && due {
                let _ = writeln!(out, "  {} may build for {}", v.powers[p].name, centres_text(b as u32));
            } else if b < 0 && due {
                let _ = writeln!(out, "  {} must remove units costing {}", v.powers[p].name, centres_text((-b) as u32));
            }
        }
    }
    // Variant state a player should see: colonies dealt, Delphi, free
    // builds, destroyed centres, rebuilds under way, loans, sieges.
    for (key, value) in polemarch_engine::rules::shown_position_state(v, &pos) {
        let _ = writeln!(out, "  {}", if value.is_empty() { key } else { format!("{key}: {value}") });
    }
    // Imperator I7, I8: the Emperor and his guard, the Rivals and theirs.
    for line in v.rules.titles(v, &pos) {
        let _ = writeln!(out, "  {line}");
    }
    out += &report::supply_lines(v, &pos);
    match (&phase.processed, &rec.result) {
        (Some(done), _) => {
            let _ = writeln!(out, "Processed:");
            for r in &done.results {
                let _ = writeln!(out, "  {:<10} {:<28} {} ({})", r.power, r.order, r.result, r.reason);
            }
        }
        (None, Some(result)) => {
            let _ = writeln!(out, "The game is over: {}.", game::victory_text(v, result, &pos));
        }
        (None, None) => {
            let to_order = game::powers_to_order(v, &pos);
            let missing = game::missing_orders(v, rec, &pos);
            let names = |ps: &[PowerId]| ps.iter().map(|&p| v.power(p).name.as_str()).collect::<Vec<_>>().join(", ");
            let _ = writeln!(out, "To order: {}", if to_order.is_empty() { "nobody".into() } else { names(&to_order) });
            let _ = writeln!(
                out,
                "Orders missing from: {}",
                if missing.is_empty() { "nobody".into() } else { names(&missing) }
            );
            // Each unit still without an order, power by power: a power that
            // ordered some of its units is listed with the rest.
            let unordered = game::units_without_orders(v, rec, &pos)?;
            if !unordered.is_empty() {
                let _ = writeln!(out, "Units without orders:");
                for p in v.power_ids() {
                    let units: Vec<String> =
                        unordered.iter().filter(|f| f.power == p).map(|f| unit_text(v, &f.components, f.loc)).collect();
                    if !units.is_empty() {
                        let _ = writeln!(out, "  {:<10} {}", v.power(p).name, units.join(", "));
                    }
                }
            }
        }
    }
    Ok(out)
}

pub fn bot(file: &Path, power: &str, bot: &str) -> Result<ExitCode, String> {
    // As a bot's name is read: ` none` is `none`.
    let bot = bot.trim();
    let none = bot.eq_ignore_ascii_case("none");
    if !none {
        polemarch_bots::bot_named(bot)?;
    }
    let (_, _, name) = record_file::edit(file, |v, rec| {
        let name = v.power(v.power_named(power)?).name.clone();
        if none {
            rec.bots.remove(&name);
        } else {
            rec.bots.insert(name.clone(), bot.to_ascii_lowercase());
        }
        Ok(name)
    })?;
    if none {
        println!("{name} has no bot: without orders its units hold, retreats disband, adjustments by the rules.");
    } else {
        println!("Bot {} plays {name} whenever it has no orders when a phase is processed.", bot.to_ascii_lowercase());
    }
    Ok(ExitCode::SUCCESS)
}

pub fn undo(file: &Path) -> Result<ExitCode, String> {
    let (_, _, phase) = record_file::edit(file, |_, rec| Ok(game::undo(rec)?))?;
    println!("Back to {phase}: its orders stand and may be changed before it is processed again.");
    Ok(ExitCode::SUCCESS)
}

pub fn draw(file: &Path) -> Result<ExitCode, String> {
    let (_, _, powers) = record_file::edit(file, |v, rec| Ok(game::draw(v, rec)?))?;
    println!("The game is drawn between {}.", powers.join(", "));
    Ok(ExitCode::SUCCESS)
}
