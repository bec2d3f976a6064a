//! Splits an order into tokens, keeping each token's column.

#[derive(Clone, Debug, PartialEq)]
pub enum Tok {
    Word(String),
    Sym(char),
}

#[derive(Clone, Debug)]
pub struct Token {
    pub tok: Tok,
    /// 0-based byte offset in the order text.
    pub start: usize,
    pub end: usize,
}

impl Token {
    pub fn word(&self) -> Option<&str> {
        match &self.tok {
            Tok::Word(w) => Some(w),
            Tok::Sym(_) => None,
        }
    }

    pub fn is_sym(&self, c: char) -> bool {
        self.tok == Tok::Sym(c)
    }
}

/// The dashes and arrows a phone or a word processor puts where a `-` was
/// typed (en dash, em dash, minus sign, Unicode hyphens, arrows): each is
/// read as `-`.
fn is_dash(c: char) -> bool {
    matches!(c, '\u{2010}'..='\u{2015}' | '\u{2212}' | '\u{2192}' | '\u{21D2}' | '\u{27F6}' | '\u{27F9}')
}

fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || c == '.' || c == '\'' || c == '_'
}

pub fn lex(text: &str) -> Vec<Token> {
    let mut tokens = Vec::new();
    let mut chars = text.char_indices().peekable();
    while let Some(&(i, c)) = chars.peek() {
        if c.is_whitespace() {
            chars.next();
        } else if is_word_char(c) {
            let mut end = i;
            while let Some(&(j, d)) = chars.peek() {
                if !is_word_char(d) {
                    break;
                }
                end = j + d.len_utf8();
                chars.next();
            }
            tokens.push(Token { tok: Tok::Word(text[i..end].to_string()), start: i, end });
        } else {
            chars.next();
            let sym = if is_dash(c) { '-' } else { c };
            tokens.push(Token { tok: Tok::Sym(sym), start: i, end: i + c.len_utf8() });
        }
    }
    tokens
}
