pub mod adjudicate;
pub mod cases;
pub mod demo;
pub mod export;
pub mod game;
pub mod render;
pub mod replay;
pub mod variant;
