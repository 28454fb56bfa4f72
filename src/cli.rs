//! The command line: `script` (the headless protocol), `play` (an interactive table in the
//! terminal), `simulate` (random play and its figures) and `check` (a ruleset file).

use clap::{Args, Parser, Subcommand};
use std::io::{BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};

/// Print a line; a closed output (`boardside simulate | head`) is not a crash.
macro_rules! say {
    ($($arg:tt)*) => {{
        let _ = writeln!(std::io::stdout(), $($arg)*);
    }};
}

/// The same on standard error.
macro_rules! warn {
    ($($arg:tt)*) => {{
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}
use crate::simulate;
use crate::tools::Table;

#[derive(Parser, Debug)]
#[command(
    name = "boardside",
    version,
    about = "Bank, dice, decks and notebook for printed board games"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Verb>,
}

#[derive(Subcommand, Debug)]
pub enum Verb {
    /// Run protocol commands from a file or standard input, printing the events of each.
    Script(GameArgs),
    /// Play on the device: the Pi's buttons, reader and screen, or the terminal simulator when
    /// no Pi hardware is found (or with --sim).
    Play(PlayArgs),
    /// Play by typing protocol commands at a terminal, with what the game waits for shown.
    Console(GameArgs),
    /// List, enrol and remove NFC tags (what each tag on the table is).
    Tags(TagsArgs),
    /// Turn the web view on or off for the Pi's service (writes or removes its systemd
    /// drop-in, which lets the service use the home network; run with sudo).
    Web(WebArgs),
    /// Check the Pi's devices, permissions, saved games and rulesets, with the fix for each.
    Doctor {
        #[arg(long)]
        config: Option<PathBuf>,
        /// Then print each button press, release and hold for this many seconds.
        #[arg(long, value_name = "SECONDS")]
        buttons: Option<u64>,
        /// Then say a test line through the speech command and the sound card.
        #[arg(long)]
        voice: bool,
    },
    /// Random legal games: speed figures and win share per seat.
    Simulate(SimArgs),
    /// Check a ruleset file and say what is wrong with it.
    Check { files: Vec<PathBuf> },
    /// Draw a saved game: net worth, who paid whom, landings (property games), the strips and
    /// teams (grid), money and groups (Illuminati). SVG and PNG beside the journal unless
    /// --out names the file.
    Report(ReportArgs),
    /// Each player's (the grid game: each team's) chance to win from a saved game's position,
    /// with a 95% interval: games played out by the steady player from the public view.
    Odds(OddsArgs),
    /// Print what a table needs to make and tag its set, as a PDF at true scale: the label
    /// sheet (every ruleset); the board, title deeds and card decks (property games), the
    /// board (the grid game).
    Print(PrintArgs),
    /// Games between computer seats (random, steady, strong): each level's win share with its
    /// 95% interval.
    Tournament(TournamentArgs),
    /// A computer seat's choice at a saved game's position, and the time it took.
    Decide(DecideArgs),
    /// What the device listens for at a saved game's position (`--list`: each phrase, a tab,
    /// the command it offers), or what it hears in recordings (16 kHz mono WAV files: the
    /// phrase heard, a tab, the command it offers, or `nothing`).
    Hear(HearArgs),
    /// The table's evenings: every finished game of the save folder added up (players'
    /// wins, rating, time, streaks, rivals; each game's length and win share by seat and
    /// side; the feats), with --export DIR for CSV and a BG Stats play file.
    Records(RecordsArgs),
}

#[derive(Args, Debug)]
pub struct HearArgs {
    /// The saved game (a .journal file): its position now is what is listened for.
    pub journal: PathBuf,
    /// Recordings to recognise, each a 16 kHz mono WAV file.
    pub files: Vec<PathBuf>,
    /// Print the phrases listened for and the command each offers.
    #[arg(long)]
    pub list: bool,
    #[arg(long)]
    pub ruleset: Option<PathBuf>,
}

#[derive(Args, Debug)]
pub struct RecordsArgs {
    /// The folder of saved games (default: the device's, in the state directory).
    #[arg(conflicts_with = "dir")]
    pub folder: Option<PathBuf>,
    /// The folder of saved games, named as an option (the same as FOLDER).
    #[arg(long)]
    pub dir: Option<PathBuf>,
    /// Write plays.csv, players.csv, games.csv and boardside.bgsplay into this folder.
    #[arg(long)]
    pub export: Option<PathBuf>,
    /// A ruleset beside the others the games may have been played with.
    #[arg(long)]
    pub ruleset: Option<PathBuf>,
}

/// The saved game a tool reads (a journal named, or `--last`, the newest in the save folder)
/// and a ruleset it may have been played with beside the usual ones.
#[derive(Args, Debug)]
pub struct SavedGame {
    /// The saved game (a .journal file).
    pub journal: Option<PathBuf>,
    /// The newest saved game in the save folder.
    #[arg(long)]
    pub last: bool,
    /// A ruleset beside the others the game may have been played with.
    #[arg(long)]
    pub ruleset: Option<PathBuf>,
}

impl SavedGame {
    /// The journal named, or the newest saved one.
    fn path(&self) -> Result<PathBuf, String> {
        match (&self.journal, self.last) {
            (Some(j), false) => Ok(j.clone()),
            (None, true) => {
                let dir = crate::config::games_dir();
                crate::saves::newest(&dir)
                    .ok_or_else(|| format!("{}: no saved games", dir.display()))
            }
            _ => Err("name a journal, or --last for the newest saved game".into()),
        }
    }

    /// The journal, the ruleset files to read it with, and the family it is a game of.
    fn open(&self) -> Result<(PathBuf, Vec<PathBuf>, &'static str), String> {
        let journal = self.path()?;
        let rulesets = crate::rulesets::files(self.ruleset.as_deref());
        let kind = crate::games::of_journal(&journal)?;
        Ok((journal, rulesets, kind))
    }
}

#[derive(Args, Debug)]
pub struct DecideArgs {
    #[command(flatten)]
    pub saved: SavedGame,
    /// The seat deciding (default: the first the game waits on).
    #[arg(long)]
    pub seat: Option<String>,
    #[arg(long, default_value = "strong")]
    pub level: String,
    #[arg(long, default_value_t = crate::computer::Budget::default().playouts)]
    pub playouts: u32,
    #[arg(long, default_value_t = crate::computer::Budget::default().horizon)]
    pub horizon: u64,
}

#[derive(Args, Debug)]
pub struct TournamentArgs {
    #[arg(long, default_value = crate::games::DEFAULT_RULESET)]
    pub ruleset: PathBuf,
    /// A level per seat: random, steady or strong (turned round the seats game by game).
    #[arg(
        long,
        value_delimiter = ',',
        default_value = "strong,steady,steady,steady"
    )]
    pub seats: Vec<String>,
    #[arg(long, default_value_t = 100)]
    pub games: u64,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    #[arg(long, default_value_t = 1000)]
    pub max_turns: u64,
    #[arg(long = "option", value_name = "KEY=VALUE")]
    pub options: Vec<String>,
    /// A protocol line carried out before play (repeat it): `--open "side P1 scientists"`.
    #[arg(long, value_name = "LINE")]
    pub open: Vec<String>,
    /// Keep each level in its seat (when --open fixes what the seats are).
    #[arg(long)]
    pub fixed_seats: bool,
    /// The strong seat's playouts of each choice it weighs.
    #[arg(long, default_value_t = crate::computer::Budget::default().playouts)]
    pub playouts: u32,
    /// Player-turns (grid: rounds) a playout looks ahead.
    #[arg(long, default_value_t = crate::computer::Budget::default().horizon)]
    pub horizon: u64,
    /// No deals (as "Computer deals: off"): strong seats offer none, none are answered.
    #[arg(long)]
    pub no_deals: bool,
    #[arg(long)]
    pub jobs: Option<usize>,
}

#[derive(Args, Debug)]
pub struct PrintArgs {
    /// The ruleset file (default: rulesets/sectionopoly.toml), or a ruleset's name.
    #[arg(long)]
    pub ruleset: Option<PathBuf>,
    /// a4 or letter.
    #[arg(long, default_value = "a4")]
    pub paper: String,
    /// The PDF to write.
    #[arg(long)]
    pub out: PathBuf,
    /// Only these parts: labels, board, deeds, decks (comma separated; default every one the
    /// game has).
    #[arg(long, value_delimiter = ',')]
    pub only: Vec<String>,
    /// The tokens' names on the labels (default Ann, Bob, ...).
    #[arg(long, value_delimiter = ',')]
    pub players: Vec<String>,
}

#[derive(Args, Debug)]
pub struct ReportArgs {
    #[command(flatten)]
    pub saved: SavedGame,
    /// The picture to write: FILE.svg or FILE.png (may be given twice).
    #[arg(long)]
    pub out: Vec<PathBuf>,
}

#[derive(Args, Debug)]
pub struct OddsArgs {
    #[command(flatten)]
    pub saved: SavedGame,
    /// Games to play out.
    #[arg(long, default_value_t = 2000)]
    pub rollouts: u64,
    /// Player-turns (grid: rounds) a game may last before it goes to its leaders.
    #[arg(long, default_value_t = 300)]
    pub max_turns: u64,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Threads (default: every core).
    #[arg(long)]
    pub jobs: Option<usize>,
}

#[derive(Args, Debug)]
pub struct GameArgs {
    /// The ruleset file (default: rulesets/sectionopoly.toml; resuming a journal, the ruleset
    /// file the game was played with, found among the usual ones).
    #[arg(long)]
    pub ruleset: Option<PathBuf>,
    /// Player names, comma separated, in seat order (not needed to resume a journal).
    #[arg(long, value_delimiter = ',')]
    pub players: Vec<String>,
    #[arg(long)]
    pub seed: Option<u64>,
    /// House rules: KEY=VALUE (see docs/protocol.md).
    #[arg(long = "option", value_name = "KEY=VALUE")]
    pub options: Vec<String>,
    /// Save every command here; an existing journal is resumed.
    #[arg(long)]
    pub journal: Option<PathBuf>,
    /// The script file; `-` or nothing for standard input.
    pub script: Option<PathBuf>,
    /// Write what the voice would say: DIR/spoken.txt (dropped lines marked) and, where
    /// espeak-ng is installed, one WAV a line.
    #[arg(long, value_name = "DIR")]
    pub voice_out: Option<PathBuf>,
}

#[derive(Args, Debug)]
pub struct PlayArgs {
    /// Use the terminal simulator even on a Pi.
    #[arg(long)]
    pub sim: bool,
    /// Never fall back to the simulator: fail when the Pi hardware is missing (the service).
    #[arg(long)]
    pub no_sim: bool,
    /// The device configuration (hardware/boardside.toml shows every field).
    #[arg(long)]
    pub config: Option<PathBuf>,
    /// The ruleset the new-game screen starts on.
    #[arg(long)]
    pub ruleset: Option<PathBuf>,
    /// A folder of ruleset files: they add to the built-in rulesets and override one of the
    /// same file name (the config's `rulesets` names one too).
    #[arg(long)]
    pub rulesets: Option<PathBuf>,
    /// Start a game with these players at once instead of the new-game screen.
    #[arg(long, value_delimiter = ',')]
    pub players: Vec<String>,
    #[arg(long)]
    pub seed: Option<u64>,
    /// Resume (or start) the game saved in this journal.
    #[arg(long)]
    pub journal: Option<PathBuf>,
    /// House rules for the games started here: KEY=VALUE (the new-game screen offers the
    /// common ones as well).
    #[arg(long = "option", value_name = "KEY=VALUE")]
    pub options: Vec<String>,
    /// Serve the live web view for phones and a tablet on ADDR:PORT (without a value: the
    /// config's [web] listen address). Off unless given here, enabled in the config, or named
    /// in BOARDSIDE_WEB (which `boardside web on` sets for the service).
    #[arg(long, value_name = "ADDR:PORT", num_args = 0..=1, default_missing_value = "")]
    pub web: Option<String>,
}

#[derive(Args, Debug)]
pub struct WebArgs {
    /// `on` or `off`.
    #[arg(value_parser = ["on", "off"])]
    pub switch: String,
    /// With `on`: where the service listens, the Pi's address on the home network (or
    /// 127.0.0.1 for the Pi alone).
    #[arg(long, value_name = "ADDR:PORT")]
    pub listen: Option<String>,
    /// The systemd unit directory (tests use their own).
    #[arg(long, default_value = crate::web::service::UNIT_DIR)]
    pub unit_dir: PathBuf,
}

#[derive(Args, Debug)]
pub struct TagsArgs {
    #[arg(long)]
    pub config: Option<PathBuf>,
    /// A ruleset file whose pieces a tag may be (its folder's rulesets are read too); without
    /// it, every ruleset found and built in.
    #[arg(long)]
    pub ruleset: Option<PathBuf>,
    #[command(subcommand)]
    pub action: TagAction,
}

#[derive(Subcommand, Debug)]
pub enum TagAction {
    /// Every enrolled tag.
    List,
    /// Enrol a tag: `player NAME`, or a piece of a game by its words (`deed oversight`,
    /// `group cia`); the kinds of every game are listed below.
    Add {
        uid: String,
        what: String,
        args: Vec<String>,
    },
    /// Forget a tag.
    Remove { uid: String },
    /// Enrol a set in one pass, in its label sheet's order (`boardside print`): each line read
    /// is a tag's UID (a USB reader types one per tap), an empty line skips a label, `back` goes
    /// back one, `stop` or the end of the input stops; the next pass begins where it stopped.
    Enrol {
        /// The set: tokens, deeds, a deck's id, groups, specials, cards-1.., or all.
        #[arg(long)]
        set: String,
        /// The tokens' names (default: tokens enrolled, then Ann, Bob, ...).
        #[arg(long, value_delimiter = ',')]
        players: Vec<String>,
    },
    /// What the game needs and has no tag yet; then what each UID read is.
    Check {
        #[arg(long, value_delimiter = ',')]
        players: Vec<String>,
    },
}

#[derive(Args, Debug)]
pub struct SimArgs {
    #[arg(long, default_value = crate::games::DEFAULT_RULESET)]
    pub ruleset: PathBuf,
    #[arg(long, default_value_t = 4)]
    pub players: usize,
    #[arg(long, default_value_t = 100)]
    pub games: u64,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    #[arg(long, default_value_t = 1000)]
    pub max_turns: u64,
    #[arg(long = "option", value_name = "KEY=VALUE")]
    pub options: Vec<String>,
    /// Check every invariant, replay and undo as it plays (slow).
    #[arg(long)]
    pub check: bool,
    /// The house-rule lab: play the same seeds under each option set ("KEY=VALUE ...") and
    /// print the results side by side with 95% intervals on each difference.
    #[arg(long, num_args = 2.., value_name = "SET")]
    pub compare: Vec<String>,
    /// With --compare: draw the distributions (FILE.svg or FILE.png).
    #[arg(long, requires = "compare")]
    pub plot: Option<PathBuf>,
    /// Threads to play on (default: every core). The figures are the same for any number:
    /// game N is always seeded SEED+N.
    #[arg(long)]
    pub jobs: Option<usize>,
    /// Who plays every seat: `random` (uniform among the legal moves, weighted like a table)
    /// or `steady` (the family's sensible player, the one the odds use).
    #[arg(long, default_value = "random", value_parser = ["random", "steady"])]
    pub player: String,
    /// Ask for the odds at fixed moments of steady games and compare them with who won: a
    /// reliability table and Brier scores.
    #[arg(long)]
    pub calibrate: bool,
    /// With --calibrate: games played out for each prediction.
    #[arg(long, default_value_t = 200)]
    pub rollouts: u64,
    /// Play one random game of --seed and save it in this journal (to resume on the device,
    /// report, or watch in the web view) instead of timing games.
    #[arg(long, value_name = "FILE")]
    pub save: Option<PathBuf>,
    /// With --save: stop after this many commands (a game in the middle).
    #[arg(long, requires = "save", default_value_t = u64::MAX, hide_default_value = true)]
    pub commands: u64,
}

fn open_session(a: &GameArgs) -> Result<(Box<dyn Table>, Vec<String>), String> {
    let seed = a.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(1)
    });
    let saved = match a.journal.as_deref() {
        Some(j) if crate::journal::family_of(j)?.is_some() => Some(j),
        _ => None,
    };
    let (kind, ruleset) = match (&a.ruleset, saved) {
        // A saved game resumed without --ruleset: its own family, with the ruleset file it
        // was played with (the console tells its players to resume with `--journal` alone).
        (None, Some(j)) => (crate::games::of_journal(j)?, None),
        (given, saved) => {
            let default = Path::new(crate::games::DEFAULT_RULESET);
            let ruleset = crate::rulesets::find(given.as_deref().unwrap_or(default));
            let kind = crate::games::of_ruleset(&ruleset)?;
            if let Some(j) = saved {
                let held = crate::games::of_journal(j)?;
                if held != kind {
                    return Err(format!(
                        "{}: this journal holds a {} game and {} is a {} ruleset: name the \
                         game's ruleset, or leave --ruleset out to resume with the one it was \
                         played with",
                        j.display(),
                        held,
                        ruleset.display(),
                        kind
                    ));
                }
            }
            (kind, Some(ruleset))
        }
    };
    let start = crate::tools::Start {
        ruleset: ruleset.as_deref(),
        players: &a.players,
        seed,
        options: &a.options,
        journal: a.journal.as_deref(),
    };
    crate::with_family!(kind, F => crate::tools::open::<F>(&start))
}

fn input(a: &GameArgs) -> Result<Box<dyn BufRead>, String> {
    match &a.script {
        Some(p) if p.as_os_str() != "-" => {
            let f = std::fs::File::open(p).map_err(|e| format!("{}: {e}", p.display()))?;
            Ok(Box::new(std::io::BufReader::new(f)))
        }
        _ => Ok(Box::new(std::io::BufReader::new(std::io::stdin()))),
    }
}

fn script(a: &GameArgs, interactive: bool) -> Result<(), String> {
    let (mut session, intro) = open_session(a)?;
    let mut reader = input(a)?;
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let say = |out: &mut std::io::StdoutLock, lines: &[String]| {
        for l in lines {
            let _ = writeln!(out, "{l}");
        }
        let _ = out.flush();
    };
    say(&mut out, &intro);
    if interactive {
        say(
            &mut out,
            &[format!(
                "> {} (type help for the commands; Ctrl-D or quit to stop, the game is saved)",
                session.prompt()
            )],
        );
    }
    let mut recorder = match &a.voice_out {
        Some(dir) => Some(crate::voice::record::Recorder::new(
            dir,
            &crate::voice::VoiceConfig::default(),
        )?),
        None => None,
    };
    let mut bytes = Vec::new();
    let mut number = 0usize;
    loop {
        bytes.clear();
        let n = reader
            .read_until(b'\n', &mut bytes)
            .map_err(|e| format!("reading the script: {e}"))?;
        if n == 0 {
            break;
        }
        number += 1;
        // A line that is not UTF-8 is refused as that one line; the script goes on.
        let Ok(line) = std::str::from_utf8(&bytes) else {
            say(
                &mut out,
                &[format!(
                    "error: line {number} is not UTF-8 text; it is ignored"
                )],
            );
            continue;
        };
        let line = line.trim_end_matches(['\n', '\r']);
        if interactive && matches!(line.trim(), "quit" | "exit") {
            break;
        }
        let (result, spoken) = session.run_spoken(line);
        say(&mut out, &result);
        if let Some(r) = recorder.as_mut() {
            r.batch(spoken)?;
        }
        if interactive && !line.trim().is_empty() {
            let now = session.prompt();
            // The events may have just said it ("now: ...").
            if result.last() != Some(&format!("now: {now}")) {
                say(&mut out, &[format!("> {now}")]);
            }
        }
    }
    Ok(())
}

/// Each ruleset named (found as `find` finds it), or with none named every ruleset found and
/// built in.
fn check(named: &[PathBuf]) -> Result<(), String> {
    let files: Vec<PathBuf> = if named.is_empty() {
        crate::rulesets::files(None)
    } else {
        named.iter().map(|f| crate::rulesets::find(f)).collect()
    };
    let mut bad = 0;
    for f in &files {
        match crate::games::check(f) {
            Ok(what) => say!("{}: ok: {what}", f.display()),
            Err(e) => {
                say!("{e}");
                bad += 1;
            }
        }
    }
    if bad > 0 {
        Err(format!("{bad} ruleset file(s) have problems"))
    } else {
        Ok(())
    }
}

fn sim(a: &SimArgs) -> Result<(), String> {
    if !(2..=8).contains(&a.players) {
        return Err(format!("a game needs 2 to 8 players, not {}", a.players));
    }
    let cfg = simulate::Config {
        players: a.players,
        games: a.games,
        seed: a.seed,
        max_turns: a.max_turns,
        check: a.check,
        steady: a.player == "steady",
    };
    let ruleset = crate::rulesets::find(&a.ruleset);
    let jobs = a.jobs.unwrap_or_else(cores);
    let kind = crate::games::of_ruleset(&ruleset)?;
    let lines = if let Some(journal) = &a.save {
        let players = simulate::names(a.players);
        let game = crate::tools::Saved {
            players: &players,
            seed: a.seed,
            commands: a.commands,
            journal,
        };
        crate::with_family!(kind, F => crate::tools::save_random::<F>(&ruleset, &a.options, &game))?
    } else {
        lab(a, kind, &ruleset, &cfg, jobs)?
    };
    for l in lines {
        say!("{l}");
    }
    Ok(())
}
/// The command line as given, with `tags add`'s help listing the kinds of tag every game
/// family here knows.
pub fn parse() -> Cli {
    use clap::{CommandFactory, FromArgMatches};
    let help = crate::games::tag_help(&crate::games::all());
    let command =
        Cli::command().mut_subcommand("tags", |t| t.mut_subcommand("add", |a| a.after_help(help)));
    Cli::from_arg_matches(&command.get_matches()).unwrap_or_else(|e| e.exit())
}

/// Run the command line; the process exit code.
pub fn main_with(cli: Cli) -> i32 {
    let result = match &cli.command {
        Some(Verb::Script(a)) => script(a, false),
        Some(Verb::Play(a)) => device(a),
        Some(Verb::Console(a)) => play(a),
        Some(Verb::Tags(a)) => tags(a),
        Some(Verb::Web(a)) => web_switch(a),
        Some(Verb::Doctor {
            config: path,
            buttons,
            voice,
        }) => doctor(path, *buttons, *voice),
        Some(Verb::Simulate(a)) => sim(a),
        Some(Verb::Check { files }) => check(files),
        Some(Verb::Report(a)) => report(a),
        Some(Verb::Odds(a)) => odds(a),
        Some(Verb::Print(a)) => print(a),
        Some(Verb::Tournament(a)) => tournament(a),
        Some(Verb::Decide(a)) => decide(a),
        Some(Verb::Hear(a)) => hear(a),
        Some(Verb::Records(a)) => records(a),
        None => device(&PlayArgs {
            sim: false,
            no_sim: false,
            config: None,
            ruleset: None,
            rulesets: None,
            players: vec![],
            seed: None,
            journal: None,
            options: vec![],
            web: None,
        }),
    };
    match result {
        Ok(()) => 0,
        Err(e) => {
            warn!("boardside: {e}");
            2
        }
    }
}

fn play(a: &GameArgs) -> Result<(), String> {
    if a.script.is_none() && !std::io::stdin().is_terminal() {
        return Err("`play` needs a terminal; use `boardside script` to feed commands".into());
    }
    // A game at the table is always saved: without --journal, in the user's state directory.
    let with_journal;
    let a = if a.journal.is_none() {
        let path = default_journal()?;
        warn!(
            "saving this game to {} (resume it with --journal {})",
            path.display(),
            path.display()
        );
        with_journal = GameArgs {
            ruleset: a.ruleset.clone(),
            players: a.players.clone(),
            seed: a.seed,
            options: a.options.clone(),
            journal: Some(path),
            script: a.script.clone(),
            voice_out: a.voice_out.clone(),
        };
        &with_journal
    } else {
        a
    };
    script(a, true)
}

/// Console games are saved with the device's (the state directory's `games/`), so the device
/// can resume a game begun at the console and the other way round.
fn default_journal() -> Result<PathBuf, String> {
    let dir = crate::config::games_dir();
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let stamp = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    Ok(dir.join(format!("game-{stamp}.journal")))
}

fn config(path: &Option<PathBuf>) -> Result<crate::config::Config, String> {
    match path {
        Some(p) => crate::config::Config::load(p),
        None => Ok(crate::config::Config::default()),
    }
}

fn now_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(1)
}

/// `play`: the device, on the Pi's hardware or in the terminal simulator.
fn device(a: &PlayArgs) -> Result<(), String> {
    use crate::config::state_dir;
    let cfg = config(&a.config)?;
    let tags_path = cfg.tags_path();
    // Find where the game will be played before starting one.
    // The simulator draws on the terminal: from its start the log goes to a file.
    let simulator = |tags: &std::path::Path| -> Result<Box<dyn crate::hw::Backend>, String> {
        let t = crate::hw::sim::Terminal::open(tags.to_path_buf())?;
        crate::logging::to_file(&state_dir().join("boardside.log"));
        Ok(Box::new(t))
    };
    let mut backend: Box<dyn crate::hw::Backend> = if a.sim {
        simulator(&tags_path)?
    } else {
        let mut found = crate::hw::pi::detect(&cfg);
        match found.pi.take() {
            Some(pi) => {
                found.log();
                Box::new(pi)
            }
            None if a.no_sim => {
                found.log();
                return Err(format!(
                    "the Pi hardware is not ready:\n  {}\n(run `boardside doctor`)",
                    found.lines.join("\n  ")
                ));
            }
            // A Pi with a device missing: each device's line, with its fix.
            None if found.any() => {
                found.log();
                tracing::warn!(
                    "the Pi's devices are not all there; opening the terminal simulator"
                );
                simulator(&tags_path)?
            }
            // No Pi at all: one calm line (`doctor` lists each device).
            None => {
                tracing::info!(
                    "no Raspberry Pi devices here: playing in the terminal simulator \
                     (`boardside doctor` lists what it looked for)"
                );
                simulator(&tags_path)?
            }
        }
    };
    let tags = crate::tags::TagMap::load(&tags_path)?;
    let games = crate::config::games_dir();
    let seed = a.seed.unwrap_or_else(now_seed);
    // The new-game screen starts on the ruleset named (a file, or a shipped ruleset's name
    // from any folder), else sectionopoly.
    let named = a.ruleset.as_deref().map(crate::rulesets::find);
    let hint = named
        .clone()
        .unwrap_or_else(|| PathBuf::from(crate::games::DEFAULT_RULESET));
    let folder = a.rulesets.clone().or_else(|| cfg.rulesets_folder());
    let rulesets =
        crate::rulesets::with_folder(crate::rulesets::files(Some(&hint)), folder.as_deref());
    // A ruleset named on the command line that is not among the files found is offered too.
    let (rulesets, ruleset) = match &named {
        Some(r) => match rulesets.iter().position(|f| same_file(f, r)) {
            Some(i) => (rulesets, i),
            None => ([vec![r.clone()], rulesets].concat(), 0),
        },
        None => (rulesets, 0),
    };
    let setup = crate::ui::setup::Setup {
        rulesets,
        ruleset,
        players: a.players.clone(),
        resume: crate::saves::newest(&games),
        journal_dir: Some(games),
        // A journal that exists is resumed below; only a new file names the next new game's.
        journal: a.journal.clone().filter(|j| !j.exists()),
        seed,
        house: vec![],
        options: a.options.clone(),
        saved: vec![],
        computers: vec![],
        computer_deals: true,
        ..Default::default()
    };
    use crate::ui::Input as Told;
    let mut ui = crate::ui::Ui::new(tags, cfg.table.clone(), setup);
    // A saved game resumes, and named players start the named ruleset's game at once, in
    // whichever family it is (the new-game screen's own START and RESUME).
    match &a.journal {
        Some(j) if j.exists() => ui.handle(Told::Resume(j.clone()), 0).outcome()?,
        _ if !a.players.is_empty() => ui.handle(Told::Start, 0).outcome()?,
        _ => {}
    }
    let voice = crate::ui::screen::VoiceSetting {
        on: cfg.voice.enabled,
        speed: cfg.voice.speed,
        volume: cfg.voice.volume,
    };
    ui.handle(Told::Voice(voice), 0);
    let mut voice = crate::voice::speaker::Voice::new(&cfg.voice);
    // The web view: `--web ADDR:PORT`, `--web` alone for the config's address, or the config.
    // The service's drop-in (`boardside web on`) names the address in BOARDSIDE_WEB.
    let from_env = std::env::var("BOARDSIDE_WEB")
        .ok()
        .filter(|v| !v.is_empty());
    let listen = match a.web.as_deref() {
        Some("") => Some(cfg.web.listen.clone()),
        Some(addr) => Some(addr.to_string()),
        None if from_env.is_some() => from_env,
        None => cfg.web.enabled.then(|| cfg.web.listen.clone()),
    };
    let mut web = listen
        .map(|addr| crate::web::Web::start_keeping(&addr, state_dir().join("pairings.json")))
        .transpose()?;
    // The records' cache brought up to date while the table sets up, so the Records screen
    // opens at once (a first reading of many journals takes seconds on a Pi).
    if let Some(dir) = ui.setup().journal_dir.clone() {
        let rulesets = ui.setup().rulesets.clone();
        let _ = std::thread::Builder::new()
            .name("records".into())
            .spawn(move || crate::games::records(&dir, &rulesets));
    }
    if let Some(w) = &web {
        w.hub.set_rate_limit(cfg.web.requests_per_10s);
        w.hub.set_views_per_address(cfg.web.views_per_address);
        if let Some(dir) = &ui.setup().journal_dir {
            w.hub.set_records(dir.clone(), ui.setup().rulesets.clone());
        }
    }
    let start = std::time::Instant::now();
    let mut clock = || start.elapsed().as_millis() as u64;
    crate::app::run(
        backend.as_mut(),
        &mut ui,
        &mut clock,
        &mut voice,
        Some(&tags_path),
        web.as_mut(),
    )
}

/// The same ruleset file, however its path was written.
fn same_file(a: &std::path::Path, b: &std::path::Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(x), Ok(y)) => x == y,
        _ => a == b,
    }
}

/// Every core of the machine.
fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

fn odds(a: &OddsArgs) -> Result<(), String> {
    let (journal, rulesets, kind) = a.saved.open()?;
    let cfg = crate::odds::Rollouts {
        games: a.rollouts.max(1),
        seed: a.seed,
        max_turns: a.max_turns,
        jobs: a.jobs.unwrap_or_else(cores),
    };
    for line in crate::with_family!(kind, F => crate::tools::odds::<F>(&journal, &rulesets, &cfg))?
    {
        say!("{line}");
    }
    Ok(())
}

fn report(a: &ReportArgs) -> Result<(), String> {
    let (journal, rulesets, kind) = a.saved.open()?;
    let outs = if a.out.is_empty() {
        let mut both = vec![journal.with_extension("svg")];
        if cfg!(feature = "png") {
            both.push(journal.with_extension("png"));
        }
        both
    } else {
        a.out.clone()
    };
    for line in
        crate::with_family!(kind, F => crate::tools::report::<F>(&journal, &rulesets, &outs))?
    {
        println!("{line}");
    }
    Ok(())
}

fn records(a: &RecordsArgs) -> Result<(), String> {
    let dir = (a.folder.clone().or_else(|| a.dir.clone())).unwrap_or_else(crate::config::games_dir);
    if dir.exists() && !dir.is_dir() {
        return Err(format!("{}: not a folder of saved games", dir.display()));
    }
    if !dir.exists() {
        // A device that has finished no game yet has no folder: its records are empty.
        say!("no saved games in {} yet", dir.display());
    }
    let rulesets = crate::rulesets::files(a.ruleset.as_deref());
    let folder = crate::games::records(&dir, &rulesets);
    let tally = crate::records::tally::tally(&folder.games);
    for line in crate::records::table::printed(&folder, &tally, false) {
        say!("{line}");
    }
    if let Some(out) = &a.export {
        for line in crate::records::export::write_all(out, &folder, &tally, &dir)? {
            say!("{line}");
        }
    }
    Ok(())
}

fn web_switch(a: &WebArgs) -> Result<(), String> {
    let lines = match a.switch.as_str() {
        "on" => {
            let listen = a.listen.as_deref().ok_or(
                "web on: name where to listen, the Pi's address on the home network \
                 (--listen 192.168.1.20:8080)",
            )?;
            crate::web::service::on(&a.unit_dir, listen)?
        }
        _ => crate::web::service::off(&a.unit_dir)?,
    };
    for l in lines {
        say!("{l}");
    }
    Ok(())
}

fn tags(a: &TagsArgs) -> Result<(), String> {
    use crate::hw::Uid;
    use crate::tags::TagMap;
    let cfg = config(&a.config)?;
    let path = cfg.tags_path();
    match &a.action {
        TagAction::List => {
            let map = TagMap::load(&path)?;
            if map.tags.is_empty() {
                say!("no tags enrolled ({})", path.display());
            }
            for t in &map.tags {
                let bad = Uid::read(&t.uid)
                    .err()
                    .map(|e| format!("  ({e}: remove it)"));
                say!(
                    "{}  {}{}",
                    t.uid,
                    t.kind.describe(),
                    bad.unwrap_or_default()
                );
            }
            Ok(())
        }
        TagAction::Add { uid, what, args } => {
            let u = Uid::read(uid)?;
            let mut words = vec![what.clone()];
            words.extend(args.iter().cloned());
            let rulesets = match &a.ruleset {
                Some(r) => vec![crate::rulesets::find(r)],
                None => crate::rulesets::files(None),
            };
            let kind = crate::games::read_tag(&crate::games::all(), &rulesets, &words)?;
            let said = format!("{} is now the {}", u.hex(), kind.describe());
            TagMap::update(&path, |m| {
                // Enrolled already: its meaning is not changed behind the table's back.
                if let Some(was) = m.get(&u) {
                    return Err(format!(
                        "{} is already the {}: `boardside tags remove {}` first to enrol it as \
                         something else",
                        u.hex(),
                        was.describe(),
                        u.hex()
                    ));
                }
                m.set(&u, kind);
                Ok(())
            })?;
            say!("{said}");
            Ok(())
        }
        TagAction::Enrol { set, players } => {
            let (list, all) = piece_sets(a, players, &TagMap::load(&path)?)?;
            let Some(chosen) = list.iter().find(|s| s.key == *set) else {
                let keys: Vec<&str> = list.iter().map(|s| s.key.as_str()).collect();
                return Err(format!(
                    "no set '{set}' in this game: it has {}",
                    keys.join(", ")
                ));
            };
            let stdin = std::io::stdin();
            crate::sets::console_pass(&path, chosen, &all, stdin.lock(), &mut std::io::stdout())
        }
        TagAction::Check { players } => {
            let map = TagMap::load(&path)?;
            let (_, all) = piece_sets(a, players, &map)?;
            let stdin = std::io::stdin();
            crate::sets::console_check(&map, &all, stdin.lock(), &mut std::io::stdout())
        }
        TagAction::Remove { uid } => {
            let u = Uid::read(uid)?;
            TagMap::update(&path, |m| {
                if m.remove(&u) {
                    Ok(())
                } else {
                    Err(format!("{} is not enrolled", u.hex()))
                }
            })?;
            say!("{} forgotten", u.hex());
            Ok(())
        }
    }
}

/// The sets of the ruleset `--ruleset` names (sectionopoly's without one), and everything.
fn piece_sets(
    a: &TagsArgs,
    players: &[String],
    map: &crate::tags::TagMap,
) -> Result<(Vec<crate::sets::PieceSet>, crate::sets::PieceSet), String> {
    let ruleset = crate::rulesets::find(
        a.ruleset
            .as_deref()
            .unwrap_or(std::path::Path::new(crate::games::DEFAULT_RULESET)),
    );
    let kind = crate::ui::kinds::for_ruleset(&crate::games::all(), &ruleset)?;
    let names = crate::sets::token_names(players, map, kind.facts().seats.1);
    let list = crate::sets::with_tokens_and_all(&names, kind.sets(&ruleset)?);
    let all = list
        .last()
        .cloned()
        .unwrap_or_else(|| crate::sets::PieceSet::everything(&[]));
    Ok((list, all))
}

/// `simulate` timing random play, `--calibrate` and `--compare`: the measuring tools.
#[cfg(feature = "lab")]
fn lab(
    a: &SimArgs,
    kind: &str,
    ruleset: &std::path::Path,
    cfg: &simulate::Config,
    jobs: usize,
) -> Result<Vec<String>, String> {
    if a.calibrate {
        let settings = crate::calibrate::Settings {
            players: a.players,
            games: a.games,
            seed: a.seed,
            max_turns: a.max_turns,
            rollouts: a.rollouts.max(1),
            jobs,
        };
        crate::with_family!(kind, F => crate::tools::calibrate::<F>(ruleset, &a.options, &settings))
    } else if a.compare.is_empty() {
        crate::with_family!(kind, F => crate::tools::simulate::<F>(ruleset, &a.options, cfg, jobs))
    } else {
        let plot = a.plot.as_deref();
        crate::with_family!(kind, F => {
            crate::tools::compare::<F>(ruleset, &a.options, &a.compare, cfg, plot, jobs)
        })
    }
}

#[cfg(not(feature = "lab"))]
fn lab(
    _: &SimArgs,
    _: &str,
    _: &std::path::Path,
    _: &simulate::Config,
    _: usize,
) -> Result<Vec<String>, String> {
    Err(NO_LAB.into())
}

/// Said by a build without the measuring tools (the Pi's).
#[cfg(not(feature = "lab"))]
const NO_LAB: &str = "this build leaves the measuring tools out (the Pi's, to stay small): run \
                      them on a computer";

#[cfg(not(feature = "lab"))]
fn tournament(_: &TournamentArgs) -> Result<(), String> {
    Err(NO_LAB.into())
}

/// `boardside hear`: the phrases at a saved position, or what recordings say.
fn hear(a: &HearArgs) -> Result<(), String> {
    let rulesets = crate::rulesets::files(a.ruleset.as_deref());
    // The saved game as the device opens it: what it would listen for, for the table at the
    // device (no token tapped).
    let kind = crate::ui::kinds::for_journal(&crate::games::all(), &a.journal)?;
    let mut desk = crate::ui::screen::Desk::default();
    let (game, _) = kind.resume(&rulesets, &a.journal, &mut desk)?;
    if game.over() {
        return Err(format!(
            "{}: the game is over; nothing is listened for",
            a.journal.display()
        ));
    }
    let phrases = game.listen(&desk);
    if a.list || a.files.is_empty() {
        for p in &phrases {
            say!("{}\t{}", p.said, p.offer.text());
        }
    }
    if a.files.is_empty() {
        return Ok(());
    }
    let ears = crate::voice::listen::Ears::installed()?;
    let said: Vec<&str> = phrases.iter().map(|p| p.said.as_str()).collect();
    for file in &a.files {
        let heard = ears.hear_file(file, &said)?;
        match heard.and_then(|h| crate::voice::said::heard(&phrases, &h)) {
            Some(p) => say!("{}\t{}", p.said, p.offer.text()),
            None => say!("nothing"),
        }
    }
    Ok(())
}

fn decide(a: &DecideArgs) -> Result<(), String> {
    let (journal, rulesets, kind) = a.saved.open()?;
    let budget = crate::computer::Budget {
        playouts: a.playouts,
        horizon: a.horizon,
        ..Default::default()
    };
    let level = crate::computer::Level::read(&a.level)?;
    let seat = a.seat.as_deref();
    let lines = crate::with_family!(kind, F => {
        crate::tools::decide::<F>(&journal, &rulesets, seat, level, &budget)
    })?;
    for line in lines {
        say!("{line}");
    }
    Ok(())
}

#[cfg(feature = "lab")]
fn tournament(a: &TournamentArgs) -> Result<(), String> {
    let levels = a
        .seats
        .iter()
        .map(|w| crate::computer::Level::read(w))
        .collect::<Result<Vec<_>, _>>()?;
    let setup = crate::tournament::Setup {
        levels,
        games: a.games,
        seed: a.seed,
        max_turns: a.max_turns,
        budget: crate::computer::Budget {
            playouts: a.playouts,
            horizon: a.horizon,
            ..Default::default()
        },
        opening: a.open.clone(),
        fixed_seats: a.fixed_seats,
        jobs: a.jobs.unwrap_or_else(cores),
        deals: !a.no_deals,
        progress: Some(|line| warn!("{line}")),
    };
    let ruleset = crate::rulesets::find(&a.ruleset);
    let kind = crate::games::of_ruleset(&ruleset)?;
    let lines = crate::with_family!(kind, F => crate::tools::tournament::<F>(&ruleset, &a.options, &setup))?;
    for l in lines {
        say!("{l}");
    }
    Ok(())
}

#[cfg(not(feature = "print"))]
fn print(_: &PrintArgs) -> Result<(), String> {
    Err(
        "this build prints nothing (the Pi's build leaves printing out to stay small): run \
         `boardside print` on a computer"
            .into(),
    )
}

#[cfg(feature = "print")]
fn print(a: &PrintArgs) -> Result<(), String> {
    let ruleset = crate::rulesets::find(
        a.ruleset
            .as_deref()
            .unwrap_or(std::path::Path::new(crate::games::DEFAULT_RULESET)),
    );
    let paper = crate::print::Paper::read(&a.paper)?;
    let parts = crate::print::Parts::read(&a.only)?;
    let kind = crate::games::of_ruleset(&ruleset)?;
    let game = ruleset
        .file_stem()
        .map_or_else(|| "game".into(), |s| s.to_string_lossy().into_owned());
    let mut doc = crate::print::Doc::new(paper, &game);
    crate::with_family!(kind, F => crate::games::print::<F>(&ruleset, &mut doc, parts, &a.players))?;
    if doc.pages.is_empty() {
        return Err(format!(
            "{game} has none of the parts asked for (its cards are published: print its labels)"
        ));
    }
    // A folder named: the PDF goes into it, named after the game.
    let out = if a.out.is_dir() {
        a.out.join(format!("{game}.pdf"))
    } else {
        a.out.clone()
    };
    // Written beside and renamed: a failed write never leaves half a PDF under the name, nor
    // the half-written one beside it.
    let tmp = out.with_extension("pdf.new");
    std::fs::write(&tmp, doc.pdf())
        .and_then(|_| std::fs::rename(&tmp, &out))
        .map_err(|e| {
            let _ = std::fs::remove_file(&tmp);
            format!("{}: {e}", out.display())
        })?;
    say!(
        "{}: {} pages of {game} on {} paper; print at 100% (actual size)",
        out.display(),
        doc.pages.len(),
        a.paper.to_ascii_lowercase()
    );
    Ok(())
}

fn doctor(path: &Option<PathBuf>, buttons: Option<u64>, voice: bool) -> Result<(), String> {
    let cfg = config(path)?;
    let (lines, ready) = crate::doctor::report(&cfg, path.as_deref());
    for l in lines {
        say!("{l}");
    }
    if let Some(seconds) = buttons {
        crate::doctor::watch_buttons(&cfg, seconds, &mut std::io::stdout())?;
    }
    if voice {
        say!("{}", crate::doctor::say_test(&cfg)?);
    }
    if ready {
        Ok(())
    } else {
        Err("the device is not ready (see the lines marked FIX)".into())
    }
}
