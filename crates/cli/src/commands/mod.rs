pub mod adjudicate;
pub mod cases;
pub mod demo;
pub mod export;
pub mod game;
pub mod replay;
pub mod selfplay;
pub mod variant;
