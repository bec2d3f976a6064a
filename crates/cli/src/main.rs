//! `polemarch`: the game master's and tester's command line. Every command
//! is a thin shell over the engine library.

mod commands;
mod fresh;
mod input;
mod orders_file;
mod record_file;
mod report;
mod variants;

use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

/// The top-level `--help` ends with an example of every command; each
/// command's own `--help` repeats its example.
const EXAMPLES: &str = "Examples:
  polemarch demo                                         a scripted game, published phase by phase
  polemarch serve                                        the web judge at http://127.0.0.1:8080 (a demo game to look at)
  polemarch adjudicate --variant standard --orders spring.txt
  polemarch cases tests/cases                            run the adjudication case files
  polemarch variant list                                 the built-in variants
  polemarch variant check hoplite_wars                   validate a variant and print its summary
  polemarch game new standard mygame.json --seed 7       start a game in a record file
  polemarch game orders mygame.json France france.txt    submit France's orders
  polemarch game show mygame.json                        the position and the missing orders
  polemarch game process mygame.json                     adjudicate the phase, open the next
  polemarch game process mygame.json --bot greedy        a bot plays the powers with no orders
  polemarch game bot mygame.json Italy greedy            a bot plays Italy whenever it has no orders
  polemarch replay game_1417.txt 1.json                  replay recorded games
  polemarch selfplay standard --games 100 --bots greedy --seed 1   bots play games, with statistics
  polemarch render standard --out map.png                a picture of the board at the start
  polemarch render --game mygame.json --orders --out 1901.png   the last phase played, with its orders

Run `polemarch help <COMMAND>` (or `polemarch game help <COMMAND>`) for a command's options.";

/// polemarch: a judge for Diplomacy and its historical variants.
///
/// Adjudicates orders, checks variant files, and runs adjudication case files
/// (the DATC and polemarch's own). Variants are named by id (`standard`) or
/// by the path of a folder holding variant.toml and map.toml.
#[derive(Parser)]
#[command(name = "polemarch", version, about, long_about, after_long_help = EXAMPLES)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run adjudication case files (docs/case-files.md) and report `N passed, M failed`.
    ///
    /// PATHs are files or folders (searched recursively for *.txt). Each failing
    /// case prints its id, what was expected and what came out. Exits non-zero
    /// when any case fails.
    ///
    /// Example: polemarch cases tests/cases
    Cases {
        /// Case files or folders.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// Also list every case that passes.
        #[arg(short, long)]
        verbose: bool,
        /// Folder holding variant folders, searched before the built-in variants.
        #[arg(long, value_name = "DIR")]
        variants: Option<PathBuf>,
        /// Rule edition: the DATC chapter-4 choices of `2023` (the DATC v3.0
        /// preferences), `droidippy` or `mila` (docs/conformance.md); default:
        /// the variant's own.
        #[arg(long, value_name = "EDITION")]
        edition: Option<String>,
    },
    /// Draw a map: a variant's board at its start or at a position, or a
    /// phase of a game with its orders and their results (docs/rendering.md).
    ///
    /// The picture shows the provinces (regions drawn from the map's
    /// coordinates), owners' colours, supply centres, every force with its
    /// composition, dislodged forces, standoffs, and with --orders the
    /// phase's orders as arrows: solid when they succeeded, dashed with a red
    /// cross when they failed, grey and dotted when illegal. The file's
    /// extension chooses SVG or PNG.
    ///
    /// Examples:
    ///   polemarch render standard --out start.png
    ///   polemarch render standard --position pos.json --out pos.svg
    ///   polemarch render --game game.json --phase "Spring 1901, Movement" --orders --out s1901.png
    #[command(verbatim_doc_comment)]
    Render {
        /// Variant id or folder (not with --game: a record names its variant).
        variant: Option<String>,
        /// Position JSON to draw (docs/position-json.md); default: the variant's start.
        #[arg(long, value_name = "FILE")]
        position: Option<PathBuf>,
        /// A game record: draw one of its phases.
        #[arg(long, value_name = "RECORD")]
        game: Option<PathBuf>,
        /// With --game: the phase, by name ("Spring 1902, Movement") or number (1 is the first); default: the last
        /// (with --orders, the last processed).
        #[arg(long)]
        phase: Option<String>,
        /// With --game: draw the phase's orders and their results (the phase must have been processed).
        #[arg(long)]
        orders: bool,
        /// The picture to write: NAME.svg or NAME.png.
        #[arg(long, value_name = "FILE")]
        out: PathBuf,
        /// Width of a PNG in pixels, 16 to 8000 (default: the map's own,
        /// 900 to 2400, so that names are readable). Not with an .svg.
        #[arg(long)]
        width: Option<u32>,
    },
    /// Variant files: check them, list them.
    #[command(subcommand)]
    Variant(VariantCommand),
    /// Adjudicate one phase: print each order's result with its reason, the
    /// dislodged units with their retreats, and the next position.
    ///
    /// Example: polemarch adjudicate --variant standard --orders spring.txt
    Adjudicate {
        /// Variant id or folder.
        #[arg(long, default_value = "standard")]
        variant: String,
        /// Position JSON (docs/position-json.md); default: the variant's start.
        #[arg(long, value_name = "FILE")]
        position: Option<PathBuf>,
        /// Orders file, one `Power: order` a line (`-` for standard input).
        #[arg(long, value_name = "FILE")]
        orders: PathBuf,
        /// Print the outcome as JSON instead of text.
        #[arg(long)]
        json: bool,
        /// Rule edition: the DATC chapter-4 choices of `2023` (the DATC v3.0
        /// preferences), `droidippy` or `mila` (docs/conformance.md); default:
        /// the variant's own.
        #[arg(long, value_name = "EDITION")]
        edition: Option<String>,
    },
    /// Run a game: create it, take orders, process phases, show, undo, draw.
    ///
    /// A game lives in one record file (docs/game-record.md) that holds every
    /// phase, every order as submitted and every result; it is rewritten
    /// atomically, so a crash never leaves it broken.
    #[command(subcommand)]
    Game(GameCommand),
    /// The web judge: games played in a browser, with a JSON API
    /// (docs/web.md, docs/api.md). Games are kept in SQLite in the data
    /// folder (made if missing), or in PostgreSQL when the DATABASE_URL
    /// environment variable names one; a database with no game gets a demo
    /// game, a few phases played by bots. Deadlines are processed by the
    /// server itself. Ctrl-C stops it.
    ///
    /// Examples:
    ///   polemarch serve                                  http://127.0.0.1:8080, data in ./polemarch-data
    ///   polemarch serve --addr 0.0.0.0:8080 --data /var/lib/polemarch --secure-cookies
    ///   DATABASE_URL=postgres://judge@localhost/polemarch polemarch serve
    #[command(verbatim_doc_comment)]
    Serve {
        /// The address to listen on.
        #[arg(long, default_value = "127.0.0.1:8080")]
        addr: std::net::SocketAddr,
        /// The folder of the SQLite database (not used with DATABASE_URL).
        #[arg(long, value_name = "DIR", default_value = "polemarch-data")]
        data: PathBuf,
        /// Mark the session cookie Secure (when served over HTTPS, as behind a reverse proxy).
        #[arg(long)]
        secure_cookies: bool,
        /// Do not make the demo game.
        #[arg(long)]
        no_demo: bool,
        /// Sign-in and sign-up attempts allowed per address a minute (and failed sign-ins to one account from one
        /// address a quarter of an hour).
        #[arg(long, value_name = "N", default_value_t = 10)]
        sign_ins_per_minute: u32,
        /// Submissions (orders, checks, ready) allowed per account a minute.
        #[arg(long, value_name = "N", default_value_t = 120)]
        submissions_per_minute: u32,
        /// Press messages allowed per account a minute.
        #[arg(long, value_name = "N", default_value_t = 30)]
        press_per_minute: u32,
        /// Count sign-in attempts by the last address of X-Forwarded-For, which a reverse proxy in front sets (only
        /// behind one that does).
        #[arg(long)]
        trust_forwarded_for: bool,
        #[command(flatten)]
        mail: commands::serve::MailArgs,
    },
    /// Play a short scripted game of standard Diplomacy: five phases, Spring
    /// 1901 to Spring 1902 with its retreats and builds, each printed as a
    /// game master would publish it (the terminal's tour; the README's main job is `serve`).
    ///
    /// Example: polemarch demo; polemarch demo my-demo.json --force
    Demo {
        /// Where to write the game's record (default: demo.json in a new
        /// folder of its own under the temporary directory, which it names).
        file: Option<PathBuf>,
        /// Replace FILE if it exists.
        #[arg(long)]
        force: bool,
    },
    /// Replay recorded games phase by phase and report `N passed, M failed`.
    ///
    /// Each FILE is a godip game text, a MILA saved game (JSON) or a polemarch
    /// game record, told apart by content. Every phase is adjudicated from its
    /// recorded start and compared with the next recorded phase (units,
    /// dislodged units, centre owners, each order's result where recorded).
    /// Prints `OK FILE (N phases)` or `FAIL FILE: <first difference>`, then
    /// notes (the other judge's rule choices, such as civil-disorder
    /// removals). Exits non-zero when any game fails.
    ///
    /// Example: polemarch replay game_1417.txt 1.json
    Replay {
        /// Recorded games: godip text, MILA saved games, polemarch records.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Variant for records that name none (godip text); default standard.
        #[arg(long)]
        variant: Option<String>,
        /// Rule edition: the DATC chapter-4 choices of `2023`, `droidippy` or
        /// `mila` (docs/conformance.md); default: the edition of the judge
        /// that wrote the record (godip text: droidippy; MILA JSON: mila;
        /// polemarch records: the record's own).
        #[arg(long, value_name = "EDITION")]
        edition: Option<String>,
    },
    /// Play games bot against bot and print per-power statistics.
    ///
    /// Each game goes through the same game loop as people's (orders
    /// submitted as text and checked, phases processed) until a power wins,
    /// several win jointly, or the year limit ends it in a draw between the
    /// survivors. Prints, as Markdown, each power's wins, joint wins, draws,
    /// eliminations and average centres by year, each bot's, and how long
    /// games last; writes them to OUT/stats.md and OUT/stats.json, and each
    /// game's record to OUT/games/game-0001.json ... (replay them with
    /// `polemarch replay`). The same seed prints the same statistics, with
    /// any --jobs; progress and timings go to standard error. Exits 1 if the
    /// judge rejected any bot's order.
    ///
    /// Bots, strongest first (docs/bots.md): `search` (looks ahead with the
    /// judge: its candidates against samples of the others', chosen by
    /// regret matching), `dumbbot` (David Norman's DumbBot: provinces valued
    /// by the centres near them, orders by value), `greedy` (takes centres it
    /// can, supports its attacks, defends, builds and retreats toward the
    /// front; merges and splits, sacks Delphi, builds garrisons where the
    /// variant has them) and `random` (a legal order drawn at random for
    /// every unit).
    ///
    /// Example: polemarch selfplay standard --games 100 --bots greedy --seed 1
    ///
    /// Search against six DumbBots, each power played by search in turn:
    /// polemarch selfplay standard --games 140 --bots search,dumbbot,dumbbot,dumbbot,dumbbot,dumbbot,dumbbot --rotate
    ///
    /// A variant folder of one's own (e.g. a changed map) plays as well:
    /// polemarch selfplay ./my-nikjon --games 200 --bots search
    Selfplay {
        /// Variant id or folder.
        variant: String,
        /// How many games (1 to 1000000).
        #[arg(long, default_value_t = 100)]
        games: usize,
        /// Bots by seat, comma-separated: the first plays the first power
        /// (in the variant's order), the second the second, ... round again
        /// when there are fewer bots than powers (`greedy` alone plays them all).
        #[arg(long, default_value = "greedy")]
        bots: String,
        /// Seed of the whole run; each game's seed is drawn from it and the
        /// game's number.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Games played at once (threads).
        #[arg(long, default_value_t = 2)]
        jobs: usize,
        /// Game years before a game ends in a draw between the survivors
        /// (20: standard's Winter 1920).
        #[arg(long, default_value_t = 20)]
        years: u32,
        /// Move the bots one seat on each game, so that every power is
        /// played by each bot in turn.
        #[arg(long)]
        rotate: bool,
        /// Output folder (default: selfplay-<variant>-seed<seed> here, or
        /// with -2, -3, ... after it when an earlier run is there).
        #[arg(long, value_name = "DIR")]
        out: Option<PathBuf>,
        /// Write only the statistics, no game records.
        #[arg(long)]
        no_records: bool,
        /// Go on past a game the judge cannot go on with (a bug the bots
        /// found): its record is written as game-NNNN-failed.json and its
        /// error listed with the statistics (for fuzzing with `random`).
        #[arg(long)]
        keep_going: bool,
        /// Replace the results of an earlier run in the output folder.
        #[arg(long)]
        force: bool,
        /// Rule edition: `2023`, `droidippy` or `mila` (docs/conformance.md);
        /// default: the variant's own.
        #[arg(long, value_name = "EDITION")]
        edition: Option<String>,
    },
}

#[derive(Subcommand)]
enum GameCommand {
    /// Start a new game of a variant in a record file.
    ///
    /// Example: polemarch game new standard mygame.json --seed 7
    New {
        /// Variant id or folder.
        variant: String,
        /// The record file to create.
        file: PathBuf,
        /// Seed for every random draw of the game (default: from the clock).
        #[arg(long)]
        seed: Option<u64>,
        /// Replace an existing file.
        #[arg(long)]
        force: bool,
        /// Rule edition: the DATC chapter-4 choices of `2023` (the DATC v3.0
        /// preferences), `droidippy` or `mila` (docs/conformance.md); default:
        /// the variant's own. Kept in the record.
        #[arg(long, value_name = "EDITION")]
        edition: Option<String>,
    },
    /// Submit a power's orders for the current phase.
    ///
    /// Each line is said to be accepted, replaced or rejected (with the
    /// reason), then the power's
    /// orders in force are printed. Resubmitting replaces earlier orders for
    /// the same units, until the phase is processed; in an adjustment or
    /// placement phase a submission with anything accepted replaces the
    /// power's earlier one whole (a placement must then be complete).
    ///
    /// Example: polemarch game orders mygame.json France france.txt
    Orders {
        /// The game record file.
        file: PathBuf,
        /// The power whose orders these are.
        power: String,
        /// Orders file, one order a line (`-` for standard input).
        orders: PathBuf,
        /// Who submits them (default: the power itself).
        #[arg(long)]
        by: Option<String>,
    },
    /// Adjudicate the current phase with the orders in force, print the
    /// results as a game master publishes them, and open the next phase.
    ///
    /// Powers that submitted nothing are played by a bot first where one is
    /// named: `--bot NAME` for all of them, or the power's own bot in the
    /// record (`game bot`). Its orders are printed and recorded as
    /// submitted by `bot NAME`.
    ///
    /// Example: polemarch game process mygame.json --bot greedy
    Process {
        /// The game record file.
        file: PathBuf,
        /// A bot (`search`, `dumbbot`, `greedy`, `random`) plays every
        /// power that has submitted nothing; `--bot` alone: the default
        /// stand-in, `search`.
        #[arg(long, value_name = "NAME", num_args = 0..=1, default_missing_value = polemarch_bots::DEFAULT_STAND_IN)]
        bot: Option<String>,
        /// Also write pictures (PNG) to this folder: the phase just
        /// processed with its orders, and the new phase (docs/rendering.md).
        /// Pictures that cannot be written are a warning: the phase is
        /// processed all the same.
        #[arg(long, value_name = "DIR")]
        pictures: Option<PathBuf>,
    },
    /// Name the bot that plays a power whenever it has submitted nothing by
    /// the time a phase is processed (kept in the record), or `none`.
    ///
    /// Lets fewer people play a game of seven: the powers nobody plays get
    /// a bot.
    ///
    /// Example: polemarch game bot mygame.json Italy greedy
    Bot {
        /// The game record file.
        file: PathBuf,
        /// The power.
        power: String,
        /// `search`, `dumbbot`, `greedy`, `random`, or `none` to take the bot away.
        bot: String,
    },
    /// Show the position (units, centres, dislodged units and their retreats,
    /// builds due) and whose orders are missing: the powers that have
    /// submitted nothing, and each unit still without an order, power by
    /// power (movement and retreat phases).
    ///
    /// Example: polemarch game show mygame.json --phase 2
    Show {
        /// The game record file.
        file: PathBuf,
        /// A phase by number (1 = first) or name (`Autumn 1901, Movement`).
        #[arg(long)]
        phase: Option<String>,
    },
    /// Go back one phase: the last processed phase is open again.
    ///
    /// Example: polemarch game undo mygame.json
    Undo {
        /// The game record file.
        file: PathBuf,
    },
    /// End the game in a draw between the surviving powers.
    ///
    /// Example: polemarch game draw mygame.json
    Draw {
        /// The game record file.
        file: PathBuf,
    },
    /// Write the game in another judge's format (only `mila`: the MILA
    /// diplomacy saved game, read by AI research tools).
    ///
    /// Example: polemarch game export mygame.json --format mila --output mygame.mila.json
    Export {
        /// The game record file.
        file: PathBuf,
        /// The format to write: mila.
        #[arg(long)]
        format: String,
        /// The file to write (default: standard output).
        #[arg(long, value_name = "FILE")]
        output: Option<PathBuf>,
    },
}

#[derive(Subcommand)]
enum VariantCommand {
    /// Validate a variant (id or folder) and print its summary, or every
    /// problem found (file, key, province).
    ///
    /// Example: polemarch variant check hoplite_wars
    Check {
        /// Variant id (built in) or folder.
        variant: String,
    },
    /// List the built-in variants.
    ///
    /// Example: polemarch variant list
    List,
}

/// Output piped into a reader that stops early (`polemarch ... | head -1`)
/// ends the program quietly, as it does other Unix tools: the default action
/// of SIGPIPE, which Rust's runtime sets to ignore (so that a write would
/// fail and `println!` panic).
fn quiet_on_broken_pipe() {
    #[cfg(unix)]
    // SAFETY: called first thing in `main`, before any other thread exists;
    // it only restores the signal's default action.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

fn main() -> ExitCode {
    quiet_on_broken_pipe();
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Cases { paths, verbose, variants, edition } => {
            commands::cases::run(&paths, verbose, variants.as_deref(), edition.as_deref())
        }
        Command::Variant(VariantCommand::Check { variant }) => commands::variant::check(&variant),
        Command::Variant(VariantCommand::List) => commands::variant::list(),
        Command::Adjudicate { variant, position, orders, json, edition } => {
            commands::adjudicate::run(&variant, edition.as_deref(), position.as_deref(), &orders, json)
        }
        Command::Render { variant, position, game, phase, orders, out, width } => {
            commands::render::run(&commands::render::Request {
                variant: variant.as_deref(),
                position: position.as_deref(),
                game: game.as_deref(),
                phase: phase.as_deref(),
                orders,
                out: &out,
                width,
            })
        }
        Command::Demo { file, force } => commands::demo::run(file.as_deref(), force),
        Command::Serve {
            addr,
            data,
            secure_cookies,
            no_demo,
            sign_ins_per_minute,
            submissions_per_minute,
            press_per_minute,
            trust_forwarded_for,
            mail,
        } => {
            let limits = polemarch_web::limits::Settings {
                sign_in_per_minute: sign_ins_per_minute,
                submissions_per_minute,
                press_per_minute,
                trust_forwarded_for,
                ..Default::default()
            };
            commands::serve::run(addr, data, secure_cookies, no_demo, limits, mail)
        }
        Command::Replay { files, variant, edition } => {
            commands::replay::run(&files, variant.as_deref(), edition.as_deref())
        }
        Command::Selfplay {
            variant,
            games,
            bots,
            seed,
            jobs,
            years,
            rotate,
            out,
            no_records,
            keep_going,
            force,
            edition,
        } => commands::selfplay::run_command(commands::selfplay::Options {
            variant,
            games,
            bots,
            seed,
            jobs,
            years,
            rotate,
            out,
            no_records,
            keep_going,
            force,
            edition,
        }),
        Command::Game(g) => match g {
            GameCommand::New { variant, file, seed, force, edition } => {
                commands::game::new(&variant, edition.as_deref(), &file, seed, force)
            }
            GameCommand::Orders { file, power, orders, by } => {
                commands::game::orders(&file, &power, &orders, by.as_deref())
            }
            GameCommand::Process { file, bot, pictures } => {
                commands::game::process(&file, bot.as_deref(), pictures.as_deref())
            }
            GameCommand::Bot { file, power, bot } => commands::game::bot(&file, &power, &bot),
            GameCommand::Show { file, phase } => commands::game::show(&file, phase.as_deref()),
            GameCommand::Undo { file } => commands::game::undo(&file),
            GameCommand::Draw { file } => commands::game::draw(&file),
            GameCommand::Export { file, format, output } => commands::export::run(&file, &format, output.as_deref()),
        },
    };
    match result {
        Ok(code) => code,
        Err(message) => {
            eprintln!("polemarch: {message}");
            ExitCode::from(2)
        }
    }
}
