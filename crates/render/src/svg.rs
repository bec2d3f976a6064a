//! A small SVG writer: numbers with one decimal, text escaped.

use crate::geometry::Pt;
use std::fmt::Write;

pub struct Svg {
    pub out: String,
}

impl Svg {
    pub fn new() -> Svg {
        Svg { out: String::with_capacity(256 * 1024) }
    }

    pub fn raw(&mut self, s: &str) {
        self.out.push_str(s);
    }

    /// A closed polygon.
    pub fn polygon(&mut self, points: &[Pt], style: &str) {
        self.out.push_str("<path d=\"");
        for (i, p) in points.iter().enumerate() {
            let _ = write!(self.out, "{}{:.1} {:.1}", if i == 0 { "M" } else { "L" }, p.x, p.y);
        }
        let _ = writeln!(self.out, "Z\" {style}/>");
    }

    pub fn line(&mut self, a: Pt, b: Pt, style: &str) {
        let _ = writeln!(
            self.out,
            "<line x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\" {style}/>",
            a.x, a.y, b.x, b.y
        );
    }

    /// A quadratic curve from `a` to `b` bending towards `via`.
    pub fn curve(&mut self, a: Pt, via: Pt, b: Pt, style: &str) {
        let _ = writeln!(
            self.out,
            "<path d=\"M{:.1} {:.1} Q{:.1} {:.1} {:.1} {:.1}\" fill=\"none\" {style}/>",
            a.x, a.y, via.x, via.y, b.x, b.y
        );
    }

    pub fn circle(&mut self, c: Pt, r: f64, style: &str) {
        let _ = writeln!(self.out, "<circle cx=\"{:.1}\" cy=\"{:.1}\" r=\"{:.2}\" {style}/>", c.x, c.y, r);
    }

    pub fn rect(&mut self, min: Pt, w: f64, h: f64, rx: f64, style: &str) {
        let _ = writeln!(
            self.out,
            "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" rx=\"{:.1}\" {style}/>",
            min.x, min.y, w, h, rx
        );
    }

    /// Text centred on `c` (horizontally and vertically).
    pub fn text(&mut self, c: Pt, size: f64, text: &str, style: &str) {
        let _ = writeln!(
            self.out,
            "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"{:.1}\" text-anchor=\"middle\" {style}>{}</text>",
            c.x,
            c.y + 0.36 * size,
            size,
            escape(text)
        );
    }

    /// Text starting at `at` (left aligned, `at` on its middle line).
    pub fn text_left(&mut self, at: Pt, size: f64, text: &str, style: &str) {
        let _ = writeln!(
            self.out,
            "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"{:.1}\" {style}>{}</text>",
            at.x,
            at.y + 0.36 * size,
            size,
            escape(text)
        );
    }
}

pub fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}
