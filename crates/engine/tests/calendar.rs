//! The calendar's years: BC counting down into AD with no year 0, and
//! year arithmetic that never wraps or panics.

use polemarch_engine::variant::{embedded_variant, Phase};
use polemarch_engine::Variant;

fn variant(name: &str) -> Variant {
    embedded_variant(name).expect("built in").expect("loads")
}

/// The phases after `from`, as printed, `n` of them.
fn walk(v: &Variant, from: &str, n: usize) -> Vec<String> {
    let mut phase = v.calendar.parse_phase(from).unwrap();
    (0..n)
        .map(|_| {
            phase = v.calendar.next(phase);
            v.calendar.display(phase).to_string()
        })
        .collect()
}

#[test]
fn hoplite_wars_counts_down_from_2_bc_to_1_bc_then_1_ad() {
    let v = variant("hoplite_wars");
    let after = walk(&v, "Winter 2 BC adjustment", 11);
    assert_eq!(after[0], "Spring 1 BC, Movement");
    assert_eq!(after[4], "Winter 1 BC, Adjustment");
    assert_eq!(after[5], "Spring 1 AD, Movement", "{after:?}");
    assert_eq!(after[10], "Spring 2 AD, Movement", "{after:?}");
    // Each name reads back as the same phase (game records store names).
    let mut phase = v.calendar.parse_phase("Winter 2 BC adjustment").unwrap();
    for name in &after {
        phase = v.calendar.next(phase);
        assert_eq!(v.calendar.parse_phase(name), Ok(phase), "{name}");
    }
}

#[test]
fn an_ad_calendar_refuses_bc_years_and_year_0() {
    let v = variant("standard");
    assert!(v.calendar.parse_phase("Spring 5 BC movement").is_err());
    assert!(v.calendar.parse_phase("Spring 0 movement").is_err());
    assert!(v.calendar.parse_phase("Spring -3 movement").is_err());
    assert_eq!(
        v.calendar.display(v.calendar.parse_phase("Spring 1902 AD movement").unwrap()).to_string(),
        "Spring 1902, Movement"
    );
}

#[test]
fn a_year_at_the_end_of_i32_is_refused_and_never_wraps() {
    let v = variant("standard");
    let err = v.calendar.parse_phase("Spring 2147483647 movement").unwrap_err();
    assert_eq!(err.kind, polemarch_engine::variant::PhaseProblem::YearOutOfRange);
    assert!(err.to_string().contains("the year must be 1 to"), "{err}");
    // Were one made by hand, the next year neither panics nor wraps.
    let last = Phase { step: (v.calendar.steps.len() - 1) as u8, year: i32::MAX };
    assert!(v.calendar.next(last).year > 0);
    let h = variant("hoplite_wars");
    let last = Phase { step: (h.calendar.steps.len() - 1) as u8, year: i32::MIN };
    assert!(h.calendar.next(last).year < 0);
    assert!(h.calendar.display(h.calendar.next(last)).to_string().ends_with(" AD, Movement"));
}

/// `phase_of_words` (the replay's reader of godip's `PHASE` lines) reads
/// words as `parse_phase` reads the text they were split from: the same
/// phase, or the same error quoting the same text.
#[test]
fn phase_words_read_as_the_phase_text() {
    for id in ["standard", "hoplite_wars", "city_state"] {
        let v = variant(id);
        for text in [
            "Spring 1901 Movement",
            "spring 1901 movement",
            "SPRING 1901 moves",
            "Fall 1901 Adjustment",
            "Autumn 1905 Retreat",
            "Winter 451 BC adjustment",
            "Summer 3 AD Movement",
            "Spring 0 Movement",
            "Spring 1901 Dance",
            "Spring nineteen Movement",
            "Spring 1901",
            "Nowhen 1901 Movement",
            "Spring 1901 2 Movement",
            "Spring 10000000000 Movement",
        ] {
            let words: Vec<&str> = text.split(' ').collect();
            let by_words = v.calendar.phase_of_words(&words, || text.into());
            assert_eq!(by_words, v.calendar.parse_phase(text), "{id}: {text}");
        }
    }
}

/// A season whose name is not letters and digits alone is matched by its
/// normal name (`with_normal`): `early-spring` is `Early Spring`.
#[test]
fn a_season_is_found_by_its_normal_name() {
    let mut v = variant("standard");
    v.calendar.steps[0].season = "Early Spring".into();
    let phase = v.calendar.parse_phase("early-spring 1901 movement").expect("reads");
    assert_eq!(phase, Phase { step: 0, year: 1901 });
    assert!(v.calendar.parse_phase("spring 1901 movement").is_err());
}
