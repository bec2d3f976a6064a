//! Issue 14: a whole City State game through the command line, from Spring
//! 1300. The script plays each rule of the Emperor and of the sieges: a DA
//! bounced out of Como goes back to Germany (C11, the seed's example);
//! Florence retreats behind Siena's walls and raises the siege (C5, C8);
//! Milan's army behind Lodi's walls is disbanded after two movement phases
//! (C9); Milan's army behind Como's walls, besieged by a DA for two movement
//! phases, is not disbanded and reoccupies Como when the DA leaves for its
//! Pass (C9's DA clause, C7); a DA destroyed at Trento is rebuilt in Germany
//! (C14); Genoa's fleet in the North Adriatic costs Venezia its double
//! status (C2). Then Mantua, played by a plain conqueror, goes on to 18
//! centres (C1). The record replays identically.

use polemarch_engine::game::{self, GameResult};
use polemarch_engine::variant::ProvinceId;
use polemarch_engine::Position;
use std::collections::HashSet;

mod common;
use common::play::{phase_name, record, submit_conqueror, submit_script, Script};
use common::{new_game, ok, submit_any, tempdir, variant};

/// The scripted orders of 1300 to Spring 1302, by phase and power.
const SCRIPT: Script = &[
    (
        "Spring 1300, Movement",
        &[
            ("Emperor", &["DA ger - stg", "DA ger - brn", "DA ger - tar"]),
            ("Milan", &["A mil H", "A lod H", "A nov - com"]),
            ("Mantua", &["A par - pia", "A man - cre", "A bsc H"]),
            ("Venice", &["F ven - gov", "A aqu - trv"]),
            ("Genoa", &["F cor - tyr", "A gen H"]),
            ("Pope", &["A spo - per", "A vit - mrm", "A rom H"]),
            ("Florence", &["A fir - pis", "A pst - fir", "A sie H"]),
        ],
    ),
    (
        "Autumn 1300, Movement",
        &[
            // The seed's Pass example (C11): Milan's move into the Pass is
            // refused (C10, below), so Como holds with Milano's support, 2
            // to 2.
            ("Emperor", &["DA stg - com", "DA brn - tre", "DA tar - fri"]),
            ("Milan", &["A mil S A com", "A com H", "A lod H"]),
            // Lodi and Siena fall to supported attacks.
            ("Mantua", &["A pia - lod", "A cre S A pia - lod", "A bsc H"]),
            ("Pope", &["A per - sie", "A mrm S A per - sie", "A rom H"]),
            ("Florence", &["A sie H", "A fir H", "A pis H"]),
            ("Genoa", &["F tyr - mes", "A gen H"]),
        ],
    ),
    // C5: both dislodged armies go behind their walls.
    ("Autumn 1300, Retreat", &[("Milan", &["A lod R WALLS"]), ("Florence", &["A sie R WALLS"])]),
    (
        "Winter 1300, Adjustment",
        &[
            ("Venice", &["BUILD A ven"]),
            ("Milan", &["BUILD A nov"]),
            ("Mantua", &["BUILD A man"]),
            ("Florence", &["BUILD A pst"]),
            ("Genoa", &["WAIVE"]),
        ],
    ),
    (
        "Spring 1301, Movement",
        &[
            ("Emperor", &["DA ger - stg", "DA tre H", "DA fri H"]),
            // C8: Florence raises the siege of Siena, 2 to 1.
            ("Florence", &["A fir R sie", "A pis S A fir - sie", "A pst H"]),
            ("Pope", &["A sie H", "A mrm H"]),
            ("Mantua", &["A lod H", "A man - vrn"]),
            ("Milan", &["A ((lod)) H"]),
            ("Genoa", &["F mes - adr"]),
        ],
    ),
    ("Spring 1301, Retreat", &[("Pope", &["A sie R per"])]),
    (
        "Autumn 1301, Movement",
        &[
            // A DA takes Como (C12: it alone dislodges an army).
            ("Emperor", &["DA stg - com", "DA tre H", "DA fri H"]),
            ("Milan", &["A com H", "A ((lod)) - lod", "A mil H", "A nov H"]),
            // Three against the DA in Trento (C12).
            ("Mantua", &["A bsc - tre", "A vrn S A bsc - tre", "A lod H"]),
            ("Venice", &["A trv S A bsc - tre"]),
            // Venezia's only way to the southern edge is the North Adriatic.
            ("Genoa", &["F adr - nad"]),
        ],
    ),
    // C14: the Emperor disbands his dislodged DA; C5: Milan's army goes
    // behind Como's walls.
    ("Autumn 1301, Retreat", &[("Emperor", &["DA tre D"]), ("Milan", &["A com R WALLS"])]),
    // C2: Venezia single, two supply for three units.
    ("Winter 1301, Adjustment", &[("Venice", &["REMOVE A ven"])]),
    // C9's DA clause: two movement phases behind Como's walls under a DA's
    // siege do not disband Milan's army.
    ("Spring 1302, Movement", &[("Emperor", &["DA com H"]), ("Milan", &["A ((com)) H"])]),
    ("Autumn 1302, Movement", &[("Emperor", &["DA com H"]), ("Milan", &["A ((com)) H"])]),
    // C7: the DA leaves Como; Milan's army reoccupies it.
    ("Spring 1303, Movement", &[("Emperor", &["DA com - stg"])]),
];

/// From this phase on, Mantua plays the plain conqueror.
const CONQUEST_FROM: &str = "Winter 1301, Adjustment";

#[test]
fn a_city_state_game_from_spring_1300_to_eighteen_centres() {
    let v = variant("city_state");
    let dir = tempdir("city-state-game");
    let (file, created) = new_game(&dir, "city_state", 1300);
    assert!(created.contains("Spring 1300, Movement"), "{created}");
    let mantua = v.find_power("Mantua").unwrap();
    let mut shows = Vec::new();
    let mut processed = Vec::new();
    let mut phases = 0;
    let mut conquering = false;
    loop {
        let rec = record(&file);
        if rec.result.is_some() {
            break;
        }
        let pos = game::current(&v, &rec).unwrap();
        let name = phase_name(&v, &pos);
        assert!(phases < 400, "no victory by {name}");
        if name == "Autumn 1300, Movement" {
            // C10: the seed's `A(Com)-st.`, a move into St Gotthard, is
            // refused when it is submitted.
            let said = submit_any(&file, "Milan", "A com - stg");
            assert!(
                said.contains(
                    "rejected  A com - stg  -- illegal: only Imperial units may enter the Passes and Germany"
                ),
                "{said}"
            );
        }
        submit_script(&file, SCRIPT, &name);
        conquering |= name == CONQUEST_FROM;
        if conquering {
            // Mantua conquers: every centre it does not own (Como only once
            // the DA's siege of it is over, in 1304).
            let como = v.province_of(v.find_loc("com").unwrap());
            let targets: HashSet<ProvinceId> = v
                .province_ids()
                .filter(|&p| {
                    v.is_centre(p) && pos.owners[p.index()] != Some(mantua) && (p != como || pos.phase.year >= 1304)
                })
                .collect();
            submit_conqueror(&file, &v, &pos, mantua, &targets);
        }
        processed.push((name.clone(), ok(&["game", "process", &file])));
        phases += 1;
        let after = game::current(&v, &record(&file)).unwrap();
        shows.push((name, phase_name(&v, &after), ok(&["game", "show", &file])));
    }
    let after = |name: &str| {
        shows.iter().find(|(n, _, _)| n == name).map(|(_, _, s)| s.clone()).unwrap_or_else(|| panic!("no phase {name}"))
    };
    let results = |name: &str| {
        processed.iter().find(|(n, _)| n == name).map(|(_, s)| s.clone()).unwrap_or_else(|| panic!("no phase {name}"))
    };
    let rec = record(&file);
    let start_of = |name: &str| {
        let i = rec.phases.iter().position(|p| p.phase == name).unwrap_or_else(|| panic!("{name} was played"));
        game::position_at(&v, &rec, i).unwrap()
    };
    let power = |name: &str| v.find_power(name).unwrap();
    let units_of = |pos: &Position, name: &str| {
        pos.forces.iter().filter(|f| f.power == power(name)).map(|f| v.loc_abbr(f.loc).to_string()).collect::<Vec<_>>()
    };
    let owner = |pos: &Position, abbr: &str| {
        pos.owners[v.province_of(v.find_loc(abbr).unwrap()).index()].map(|p| v.power(p).name.clone())
    };

    // C11 and the seed's Pass example: the DA bounced from Como is back in
    // Germany, with the two that never left... one went to Trento, one to
    // Friuli: Germany holds one DA.
    let s = results("Autumn 1300, Movement");
    assert!(s.contains("moved back to ger"), "{s}");
    let winter1300 = start_of("Winter 1300, Adjustment");
    let mut emperor = units_of(&winter1300, "Emperor");
    emperor.sort();
    assert_eq!(emperor, ["fri", "ger", "tre"]);

    // C5, C6: behind the walls, the centres kept by their owners.
    let s = after("Autumn 1300, Retreat");
    assert!(s.contains("A ((lod))") && s.contains("A ((sie))"), "{s}");
    assert_eq!(owner(&winter1300, "lod").as_deref(), Some("Milan"));
    assert_eq!(owner(&winter1300, "sie").as_deref(), Some("Florence"));

    // C2: Venezia double in 1300 (its chain to the Adriatic is open): three
    // supply for two units, a build.
    let venice = power("Venice");
    assert_eq!(polemarch_engine::rules::supplies(&v, &winter1300)[venice.index()], 6);
    let spring1301 = start_of("Spring 1301, Movement");
    assert_eq!(units_of(&spring1301, "Venice").len(), 3);

    // C8: the siege of Siena raised: Florence's army stays in Firenze, the
    // Pope's is dislodged and Florence's comes out of the walls (C7).
    let s = results("Spring 1301, Movement");
    assert!(s.contains("siege raised"), "{s}");
    let retreat = start_of("Spring 1301, Retreat");
    assert!(
        units_of(&retreat, "Florence").contains(&"sie".to_string())
            && units_of(&retreat, "Florence").contains(&"fir".to_string()),
        "{:?}",
        units_of(&retreat, "Florence")
    );

    // C9: Milan's army behind Lodi's walls disbanded after its second
    // movement phase there; Lodi then Mantua's by the usual rule.
    let s = results("Autumn 1301, Movement");
    assert!(s.contains("disbanded after two movement phases behind the walls"), "{s}");
    let winter1301 = start_of("Winter 1301, Adjustment");
    assert_eq!(owner(&winter1301, "lod").as_deref(), Some("Mantua"));
    // C6: Como, taken by the DA, stays Milan's while its army is behind the walls.
    assert!(units_of(&winter1301, "Milan").contains(&"((com))".to_string()), "{:?}", units_of(&winter1301, "Milan"));
    assert_eq!(owner(&winter1301, "com").as_deref(), Some("Milan"));

    // C2: Genoa's fleet in the North Adriatic blockades Venezia: two supply
    // for three units, a removal.
    assert_eq!(polemarch_engine::rules::supplies(&v, &winter1301)[venice.index()], 4);
    let spring1302 = start_of("Spring 1302, Movement");
    assert_eq!(units_of(&spring1302, "Venice").len(), 2);

    // C14: the DA destroyed at Trento rebuilt in Germany: again three DAs.
    let mut emperor = units_of(&spring1302, "Emperor");
    emperor.sort();
    assert_eq!(emperor, ["com", "fri", "ger"], "the rebuilt DA in Germany");
    assert!(after("Winter 1301, Adjustment").contains("da-rebuilt"), "{}", after("Winter 1301, Adjustment"));

    // C9's DA clause and C7: Milan's army behind Como's walls through two
    // movement phases under the DA's siege is not disbanded, and comes out
    // when the DA leaves.
    let spring1303 = start_of("Spring 1303, Movement");
    assert!(units_of(&spring1303, "Milan").contains(&"((com))".to_string()), "{:?}", units_of(&spring1303, "Milan"));
    let autumn1303 = start_of("Autumn 1303, Movement");
    assert!(
        units_of(&autumn1303, "Milan").contains(&"com".to_string()),
        "{:?} {}",
        units_of(&autumn1303, "Milan"),
        results("Spring 1303, Movement")
    );
    // (C11: the DA that went into the St Gotthard Pass must move on.)
    assert!(units_of(&autumn1303, "Emperor").contains(&"stg".to_string()), "{:?}", units_of(&autumn1303, "Emperor"));

    // C1: Mantua wins with 18 centres.
    let finished = record(&file);
    assert_eq!(finished.result, Some(GameResult::Solo("Mantua".into())), "{}", shows.last().unwrap().2);
    let over = ok(&["game", "show", &file]);
    assert!(over.contains("The game is over: Mantua wins"), "{over}");
    // The record replays identically.
    let replayed = ok(&["replay", &file]);
    assert!(replayed.trim_end().ends_with("1 passed, 0 failed"), "{replayed}");
}
