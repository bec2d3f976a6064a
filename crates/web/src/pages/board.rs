//! The board as text, beside the map on every game and phase page
//! (`board_view.rs` says what it holds). The map's alternative text points
//! here.

use crate::board_view::PowerBoard;
use maud::{html, Markup};

/// The `id` the map's description points to.
pub const ID: &str = "board";

/// The map of phase `n`, described by the board as text.
pub fn map(game: i64, n: usize, phase: &str) -> Markup {
    html! {
        figure.map {
            img src={ "/games/" (game) "/phases/" (n) "/map.svg" }
                alt={ "The map of " (phase) ": the board is written out as text below, under “The board”" }
                aria-describedby=(ID);
        }
    }
}

pub fn board(phase: &str, powers: &[PowerBoard]) -> Markup {
    html! {
        section.board id=(ID) aria-label={ "The board in " (phase) ", as text" } {
            h2 { "The board, " (phase) }
            @for p in powers {
                section.power {
                    h3 { (p.power)
                        @if p.orders_missing { " " span.missing { "(orders missing)" } }
                    }
                    dl {
                        dt { "Units (" (p.units.len()) ")" }
                        dd { @if p.units.is_empty() { "none" } @else { (p.units.join(", ")) } }
                        dt { "Centres (" (p.centre_count) ")" }
                        dd { @if p.centres.is_empty() { "none" } @else { (p.centres.join(", ")) } }
                        @if let Some(s) = &p.supply { dt { "Supply" } dd { (s) } }
                        @if let Some(a) = &p.adjustment { dt { "Adjustment" } dd { (a) } }
                        @if !p.dislodged.is_empty() {
                            dt { "Dislodged" }
                            dd { ul { @for d in &p.dislodged { li { (d) } } } }
                        }
                    }
                }
            }
        }
    }
}
