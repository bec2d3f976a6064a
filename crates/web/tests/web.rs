//! The web judge's tests, one test binary (`cargo test -p polemarch-web
//! --test web`): each file beside this one is a module of it, so that the
//! dependencies' generic code is compiled and the binary linked once, not
//! once for each file. tests/heavy.rs is the other binary (its tests run
//! in release, .ci/run).

#[macro_use]
mod common;
mod jar;

mod api;
mod board_text;
mod draws;
mod events;
mod hardening;
mod legal_orders;
mod lobby;
mod mail;
mod notices;
mod pages;
mod phases;
mod press;
mod profiles;
mod rough_edges;
mod safety;
mod secrecy;
