//! The record file as the file system sees it: concurrent writers, the
//! record's permissions and owner, and temporary files that an attacker
//! cannot redirect.

use polemarch_engine::game::GameRecord;

mod common;
use common::{new_game, orders_file, polemarch, stderr, stdout, tempdir};

fn record(file: &str) -> GameRecord {
    serde_json::from_str(&std::fs::read_to_string(file).unwrap()).expect("the record is valid JSON")
}

/// Two game masters' scripts submit 50 times each, France and Germany, at
/// the same time to one record: every one of the 100 submissions is in it.
#[test]
fn concurrent_submissions_are_all_kept() {
    let dir = tempdir("concurrent");
    let (file, _) = new_game(&dir, "standard", 5);
    const EACH: usize = 50;
    let writers: Vec<_> = [("France", "A par H"), ("Germany", "A ber H")]
        .into_iter()
        .map(|(power, order)| {
            let orders = orders_file(&file, power, order);
            let file = file.clone();
            std::thread::spawn(move || {
                for i in 0..EACH {
                    let out = polemarch(&["game", "orders", &file, power, &orders]);
                    assert!(out.status.success(), "{power}'s submission {i} failed:\n{}{}", stdout(&out), stderr(&out));
                }
            })
        })
        .collect();
    for w in writers {
        w.join().unwrap();
    }
    let rec = record(&file);
    let subs = &rec.phases.last().unwrap().submissions;
    let count = |power: &str| subs.iter().filter(|s| s.power == power).count();
    assert_eq!((count("France"), count("Germany")), (EACH, EACH), "{} of {} submissions kept", subs.len(), 2 * EACH);
}
