//! Reads case files (docs/case-files.md) into cases: sections of lines, each line kept
//! with its number. Orders and units are read later, against the variant.

/// A body line: its 1-based line number and text (comment removed, trimmed).
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    pub number: usize,
    pub text: String,
}

#[derive(Clone, Debug, Default)]
pub struct Case {
    pub id: String,
    pub title: String,
    /// The line of `CASE`.
    pub line: usize,
    pub variant: String,
    pub phase: Option<Line>,
    pub prestate: Vec<Line>,
    pub prestate_dislodged: Vec<Line>,
    pub prestate_results: Vec<Line>,
    pub prestate_owners: Option<Vec<Line>>,
    pub prestate_state: Vec<Line>,
    pub orders: Vec<Line>,
    pub poststate: Option<Vec<Line>>,
    pub poststate_same: bool,
    pub poststate_dislodged: Option<Vec<Line>>,
    pub poststate_owners: Option<Vec<Line>>,
    pub poststate_state: Option<Vec<Line>>,
    pub poststate_results: Option<Vec<Line>>,
    /// A problem found while reading the case: it fails with this message.
    pub error: Option<String>,
}

#[derive(Clone, Copy, PartialEq)]
enum Section {
    None,
    Prestate,
    PrestateDislodged,
    PrestateResults,
    PrestateOwners,
    PrestateState,
    Orders,
    Poststate,
    PoststateDislodged,
    PoststateOwners,
    PoststateState,
    PoststateResults,
}

/// Splits a file into cases. Problems outside any case (text before the
/// first CASE, a missing END) come back as cases with an error.
pub fn parse_cases(text: &str) -> Vec<Case> {
    let mut cases = Vec::new();
    let mut default_variant = "standard".to_string();
    let mut current: Option<(Case, Section)> = None;
    for (i, raw) in text.lines().enumerate() {
        let number = i + 1;
        let line = crate::order::before_comment(raw).trim();
        if line.is_empty() {
            continue;
        }
        let (word, rest) = match line.split_once(char::is_whitespace) {
            Some((w, r)) => (w, r.trim()),
            None => (line, ""),
        };
        if word == "VARIANT_ALL" && current.is_none() {
            default_variant = rest.to_lowercase();
            continue;
        }
        if word == "CASE" {
            if let Some((mut case, _)) = current.take() {
                case.error
                    .get_or_insert(format!("line {}: case `{}` has no END before the next CASE", number, case.id));
                cases.push(case);
            }
            let (id, title) = match rest.split_once(char::is_whitespace) {
                Some((id, title)) => (id.to_string(), title.trim().to_string()),
                None => (rest.to_string(), String::new()),
            };
            let mut case = Case { id, title, line: number, variant: default_variant.clone(), ..Case::default() };
            if case.id.is_empty() {
                case.error = Some(format!("line {number}: CASE needs an id"));
            }
            current = Some((case, Section::None));
            continue;
        }
        let Some((case, section)) = current.as_mut() else {
            cases.push(Case {
                id: format!("(line {number})"),
                line: number,
                error: Some(format!("line {number}: expected CASE, found `{line}`")),
                ..Case::default()
            });
            continue;
        };
        let body = |v: &mut Vec<Line>| v.push(Line { number, text: line.to_string() });
        let keyword_alone = |case: &mut Case| {
            if !rest.is_empty() {
                case.error.get_or_insert(format!("line {number}: `{word}` stands alone on its line"));
            }
        };
        match word {
            "VARIANT" => case.variant = rest.to_lowercase(),
            "PRESTATE_SETPHASE" => case.phase = Some(Line { number, text: rest.to_string() }),
            "PRESTATE" => {
                keyword_alone(case);
                *section = Section::Prestate
            }
            "PRESTATE_DISLODGED" => *section = Section::PrestateDislodged,
            "PRESTATE_RESULTS" => *section = Section::PrestateResults,
            "PRESTATE_SUPPLYCENTER_OWNERS" => {
                case.prestate_owners.get_or_insert_with(Vec::new);
                *section = Section::PrestateOwners
            }
            "PRESTATE_STATE" => *section = Section::PrestateState,
            "ORDERS" => *section = Section::Orders,
            "POSTSTATE" => {
                keyword_alone(case);
                case.poststate.get_or_insert_with(Vec::new);
                *section = Section::Poststate
            }
            "POSTSTATE_SAME" => {
                case.poststate_same = true;
                *section = Section::None
            }
            "POSTSTATE_DISLODGED" => {
                case.poststate_dislodged.get_or_insert_with(Vec::new);
                *section = Section::PoststateDislodged
            }
            "POSTSTATE_SUPPLYCENTER_OWNERS" => {
                case.poststate_owners.get_or_insert_with(Vec::new);
                *section = Section::PoststateOwners
            }
            "POSTSTATE_STATE" => {
                case.poststate_state.get_or_insert_with(Vec::new);
                *section = Section::PoststateState
            }
            "POSTSTATE_RESULTS" => {
                case.poststate_results.get_or_insert_with(Vec::new);
                *section = Section::PoststateResults
            }
            "END" => {
                let (case, _) = current.take().expect("inside a case");
                cases.push(case);
            }
            _ => match section {
                Section::None => {
                    case.error.get_or_insert(format!(
                        "line {number}: expected a keyword (PRESTATE, ORDERS, POSTSTATE ...), found `{line}`"
                    ));
                }
                Section::Prestate => body(&mut case.prestate),
                Section::PrestateDislodged => body(&mut case.prestate_dislodged),
                Section::PrestateResults => body(&mut case.prestate_results),
                Section::PrestateOwners => body(case.prestate_owners.as_mut().unwrap()),
                Section::PrestateState => body(&mut case.prestate_state),
                Section::Orders => body(&mut case.orders),
                Section::Poststate => body(case.poststate.as_mut().unwrap()),
                Section::PoststateDislodged => body(case.poststate_dislodged.as_mut().unwrap()),
                Section::PoststateOwners => body(case.poststate_owners.as_mut().unwrap()),
                Section::PoststateState => body(case.poststate_state.as_mut().unwrap()),
                Section::PoststateResults => body(case.poststate_results.as_mut().unwrap()),
            },
        }
    }
    if let Some((mut case, _)) = current.take() {
        case.error.get_or_insert(format!("line {}: case `{}` has no END", case.line, case.id));
        cases.push(case);
    }
    cases
}
