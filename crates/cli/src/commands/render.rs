//! `polemarch render`: a picture of a variant's board, a position, or a
//! phase of a game record with its orders (docs/rendering.md).

use crate::commands::game::find_phase;
use crate::record_file::open;
use crate::variants;
use polemarch_engine::game;
use polemarch_engine::{Position, Variant};
pub use polemarch_render::phase_orders;
use polemarch_render::DrawnOrder;
use std::path::Path;
use std::process::ExitCode;

/// What `render` was asked for.
pub struct Request<'a> {
    pub variant: Option<&'a str>,
    pub position: Option<&'a Path>,
    pub game: Option<&'a Path>,
    pub phase: Option<&'a str>,
    pub orders: bool,
    pub out: &'a Path,
    pub width: Option<u32>,
}

pub fn run(r: &Request) -> Result<ExitCode, String> {
    let format = Format::of(r.out)?;
    if let Some(width) = r.width {
        if format == Format::Svg {
            return Err(format!(
                "--width is for a PNG: an SVG has no pixels, it is drawn at any size ({} ends in .svg)",
                r.out.display()
            ));
        }
        let widths = polemarch_render::WIDTHS;
        if !widths.contains(&width) {
            return Err(format!("--width: expected {} to {} pixels, not {width}", widths.start(), widths.end()));
        }
    }
    let (v, pos, orders) = match (r.game, r.variant) {
        (Some(_), Some(name)) => {
            return Err(format!("give a variant (`{name}`) or --game, not both: a record names its variant"))
        }
        (Some(file), None) => {
            if r.position.is_some() {
                return Err("--position is for a variant's picture; with --game, choose the phase with --phase".into());
            }
            let (v, rec) = open(file)?;
            let index = match r.phase {
                Some(p) => find_phase(&v, &rec, p)?,
                // The open phase has no orders to draw yet: with --orders,
                // the last phase played (as `game process --pictures`).
                None if r.orders => rec.phases.iter().rposition(|p| p.processed.is_some()).ok_or_else(|| {
                    format!(
                        "{}: no phase has been processed yet, so there are no orders to draw (leave out --orders)",
                        file.display()
                    )
                })?,
                None => rec.phases.len() - 1,
            };
            let pos = game::position_at(&v, &rec, index)?;
            let orders = if r.orders { phase_orders(&v, &rec, index)? } else { Vec::new() };
            (v, pos, orders)
        }
        (None, Some(name)) => {
            if r.phase.is_some() || r.orders {
                return Err("--phase and --orders need --game <record>: a variant alone has no phases played".into());
            }
            let v = variants::load(name, None)?;
            let pos = match r.position {
                Some(path) => {
                    let text =
                        std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
                    Position::from_json(&v, &text).map_err(|e| format!("{}: {e}", path.display()))?
                }
                None => Position::start(&v),
            };
            (v, pos, Vec::new())
        }
        (None, None) => {
            return Err(
                "name a variant (`polemarch render standard --out map.svg`) or a game (`--game record.json`)".into()
            )
        }
    };
    write_picture(&v, &pos, &orders, r.out, format, r.width)?;
    Ok(ExitCode::SUCCESS)
}

/// The picture's file format, from the name's extension.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Svg,
    Png,
}

impl Format {
    pub fn of(path: &Path) -> Result<Format, String> {
        match path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase).as_deref() {
            Some("svg") => Ok(Format::Svg),
            Some("png") => Ok(Format::Png),
            _ => Err(format!("{}: the picture's name must end in .svg or .png", path.display())),
        }
    }
}

/// Draws and writes one picture, saying so on standard error.
pub fn write_picture(
    v: &Variant,
    pos: &Position,
    orders: &[DrawnOrder],
    out: &Path,
    format: Format,
    width: Option<u32>,
) -> Result<(), String> {
    let board = variants::board(v)?;
    let svg = polemarch_render::svg_on(&board, v, pos, orders, None);
    let bytes = match format {
        Format::Svg => svg.into_bytes(),
        Format::Png => polemarch_render::png(&svg, width)?,
    };
    std::fs::write(out, &bytes).map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    eprintln!(
        "wrote {} ({} of {}, {} KB)",
        out.display(),
        v.calendar.display(pos.phase),
        v.name,
        bytes.len().div_ceil(1024)
    );
    Ok(())
}
