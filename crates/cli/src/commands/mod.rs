pub mod adjudicate;
pub mod cases;
pub mod demo;
pub mod variant;
pub mod game;
pub mod export;
pub mod replay;
