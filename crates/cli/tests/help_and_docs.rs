//! What a new user reads first: the help of every command and the links
//! of the docs (issue 11, item 13).

mod common;
use common::{new_game, ok, root, submit, tempdir};
use std::path::{Path, PathBuf};

/// The README promises `polemarch --help` shows every command with
/// examples; each command's own help has its example.
#[test]
fn help_has_the_examples_it_promises() {
    let top = ok(&["--help"]);
    assert!(top.contains("Examples:"), "{top}");
    // The description (the doc comment of `Cli`) comes before the commands.
    assert!(top.contains("Adjudicates orders, checks variant files"), "no description: {top}");
    for command in [
        "demo",
        "adjudicate",
        "cases",
        "variant list",
        "variant check",
        "game new",
        "game orders",
        "game show",
        "game process",
        "game bot",
        "replay",
        "selfplay",
    ] {
        assert!(top.contains(&format!("polemarch {command} ")), "`{command}` has no example: {top}");
    }
    let commands: &[&[&str]] = &[
        &["cases"],
        &["adjudicate"],
        &["demo"],
        &["replay"],
        &["variant", "check"],
        &["variant", "list"],
        &["game", "new"],
        &["game", "orders"],
        &["game", "process"],
        &["game", "show"],
        &["game", "undo"],
        &["game", "draw"],
        &["game", "export"],
        &["game", "bot"],
        &["selfplay"],
    ];
    for args in commands {
        let help = ok(&[args, &["--help"][..]].concat());
        assert!(help.contains(&format!("Example: polemarch {}", args.join(" "))), "{args:?}: {help}");
    }
}

/// Every `<FILE>` argument of the game subcommands says what it is.
#[test]
fn every_file_argument_is_described() {
    for sub in ["new", "orders", "process", "show", "undo", "draw", "export", "bot"] {
        let help = ok(&["game", sub, "--help"]);
        let mut lines = help.lines().skip_while(|l| l.trim() != "<FILE>");
        assert!(lines.next().is_some(), "game {sub}: no <FILE>: {help}");
        let description = lines.next().unwrap_or("").trim();
        assert!(!description.is_empty(), "game {sub}: <FILE> has no description: {help}");
    }
}

/// `demo` plays five phases, not a turn.
#[test]
fn demo_help_says_what_it_plays() {
    let help = ok(&["demo", "--help"]);
    assert!(!help.contains("a sample turn") && help.contains("five phases"), "{help}");
}

/// `1 centre`, `1 unit`, `1 order`, and no dangling colon after `0 units`.
#[test]
fn the_position_counts_in_good_english() {
    let dir = tempdir("plurals");
    let (file, created) = new_game(&dir, "hoplite_wars", 451);
    let messene =
        created.lines().find(|l| l.trim_start().starts_with("Messene ")).unwrap_or_else(|| panic!("{created}"));
    assert!(messene.ends_with(" 1 centre,  supply 1,    0 units"), "`{messene}`");
    assert!(
        !created.contains("1 centres") && !created.contains("units: \n") && !created.contains(" 1 units"),
        "{created}"
    );
    let athens = created.lines().find(|l| l.trim_start().starts_with("Athens ")).unwrap();
    assert!(athens.ends_with(" 3 centres, supply 3,    0 units"), "`{athens}`");
    let said = submit(&file, "Messene", "BUILD A mes");
    assert!(said.contains("\n1 order for Messene in Winter 451 BC, Adjustment; 0 rejected."), "{said}");
    let said = submit(&file, "Athens", "BUILD A ath\nBUILD A mar\nBUILD A tho");
    assert!(said.contains("\n3 orders for Athens in "), "{said}");
    assert!(!said.contains("order(s)"), "{said}");
    let placed = ok(&["game", "process", &file]);
    assert!(
        placed
            .lines()
            .any(|l| l.trim_start().starts_with("Messene ") && l.ends_with(" 1 centre,  supply 1,    1 unit: A mes")),
        "{placed}"
    );
}

/// The relative links of every Markdown file of the repository.
fn links(file: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(file).unwrap();
    let mut found = Vec::new();
    let mut rest = text.as_str();
    while let Some(i) = rest.find("](") {
        rest = &rest[i + 2..];
        let Some(end) = rest.find(')') else { break };
        let link = &rest[..end];
        if !link.contains("://")
            && !link.starts_with('#')
            && !link.starts_with("mailto:")
            && !link.contains(char::is_whitespace)
        {
            found.push(link.split('#').next().unwrap().to_string());
        }
    }
    found
}

fn markdown(dir: &Path, files: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()) {
        let name = e.file_name().unwrap().to_string_lossy().into_owned();
        if e.is_dir() && !name.starts_with('.') && name != "target" {
            markdown(&e, files);
        } else if name.ends_with(".md") {
            files.push(e);
        }
    }
}

/// The docs link only to files in the repository: a file outside it (such
/// as `../shared`) or one that does not exist is named in plain text.
#[test]
fn docs_link_only_to_files_in_the_repository() {
    let root = root().canonicalize().unwrap();
    let mut files = Vec::new();
    markdown(&root, &mut files);
    assert!(files.len() > 5, "{files:?}");
    let mut broken = Vec::new();
    for file in &files {
        for link in links(file).into_iter().filter(|l| !l.is_empty()) {
            let target = file.parent().unwrap().join(&link);
            match target.canonicalize() {
                Ok(t) if t.starts_with(&root) => {}
                _ => broken.push(format!("{}: {link}", file.strip_prefix(&root).unwrap().display())),
            }
        }
    }
    assert!(broken.is_empty(), "links to files not in the repository:\n{}", broken.join("\n"));
}

/// The case file format is described in the repository (docs/case-files.md),
/// and `cases --help` and the README point there, not at a file outside it.
#[test]
fn the_case_file_format_is_documented_in_the_repository() {
    let doc = std::fs::read_to_string(root().join("docs/case-files.md")).expect("docs/case-files.md");
    for keyword in [
        "PRESTATE_SETPHASE",
        "POSTSTATE_SAME",
        "POSTSTATE_RESULTS",
        "PRESTATE_SUPPLYCENTER_OWNERS",
        "VARIANT_ALL",
        "16 MiB",
    ] {
        assert!(doc.contains(keyword), "docs/case-files.md does not describe {keyword}");
    }
    let help = ok(&["cases", "--help"]);
    assert!(help.contains("docs/case-files.md") && !help.contains("CASES.md"), "{help}");
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    assert!(
        readme.contains("](docs/case-files.md)") && !readme.contains("CASES.md"),
        "the README does not point at docs/case-files.md"
    );
}
