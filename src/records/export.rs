//! The records as files: CSV for a spreadsheet (tables of `table`: plays.csv a row per player
//! per game, with its report; players.csv; games.csv) and BG Stats' play file (boardside.bgsplay: the JSON
//! of players, locations, games and plays that BG Stats opens and imports).

use std::path::Path;

use serde_json::{json, Value};

use super::tally::Tally;
use super::{table, Folder};

/// A name-based UUID (RFC 4122 version 5: SHA-1 of the URL namespace and
/// `boardside:KIND:NAME`): the same thing is the same UUID in every export, so BG Stats, which
/// matches players, games and plays by it, adds nothing twice; two things differ in all 122
/// bits that SHA-1 gives them, not in a 32-bit checksum.
pub fn uuid(kind: &str, name: &str) -> String {
    // RFC 4122, appendix C: the URL namespace.
    const URL: [u8; 16] = [
        0x6b, 0xa7, 0xb8, 0x11, 0x9d, 0xad, 0x11, 0xd1, 0x80, 0xb4, 0x00, 0xc0, 0x4f, 0xd4, 0x30,
        0xc8,
    ];
    let mut h = sha1_smol::Sha1::new();
    h.update(&URL);
    h.update(format!("boardside:{kind}:{name}").as_bytes());
    let mut b = [0u8; 16];
    b.copy_from_slice(&h.digest().bytes()[..16]);
    b[6] = (b[6] & 0x0f) | 0x50;
    b[8] = (b[8] & 0x3f) | 0x80;
    let hex: String = b.iter().map(|x| format!("{x:02x}")).collect();
    format!(
        "{}-{}-{}-{}-{}",
        &hex[..8],
        &hex[8..12],
        &hex[12..16],
        &hex[16..20],
        &hex[20..]
    )
}

/// What identifies a play: its game, when it started and its players (the journal's file
/// name only where the journal does not say when it started): the same after a rename.
fn play_name(g: &super::Played) -> String {
    if g.started > 0 {
        format!("{}|{}|{}", g.game, g.started, g.players.join("|"))
    } else {
        format!("{}|file {}", g.game, g.file)
    }
}

/// BG Stats' play file: every finished game as a play, each player by name, the winners
/// marked, the standing as the score, the side or Illuminati as the role.
pub fn bgsplay(folder: &Folder) -> Value {
    // Players by name as the records match them (the first spelling kept).
    let key = super::tally::key;
    let mut players: Vec<String> = Vec::new();
    let mut games: Vec<String> = Vec::new();
    for g in &folder.games {
        for p in &g.players {
            if !players.iter().any(|q| key(q) == key(p)) {
                players.push(p.trim().to_string());
            }
        }
        if !games.contains(&g.game) {
            games.push(g.game.clone());
        }
    }
    let id = |list: &[String], x: &String| {
        list.iter()
            .position(|y| key(y) == key(x))
            .map_or(0, |i| i + 1)
    };
    // A game is played in teams where two seats of a play share a side (the grid game).
    let teamed = |g: &super::Played| {
        let roles: Vec<&String> = g.roles.iter().flatten().collect();
        (0..roles.len()).any(|i| roles[..i].contains(&roles[i]))
    };
    let teams = |game: &str| folder.games.iter().any(|g| g.game == game && teamed(g));
    let plays: Vec<Value> = folder
        .games
        .iter()
        .map(|g| {
            let places = g.places();
            let scores: Vec<Value> = g
                .players
                .iter()
                .enumerate()
                .map(|(seat, p)| {
                    json!({
                        "playerRefId": id(&players, p),
                        // A team's size is every member's standing, no score of theirs:
                        // a team game gives ranks and winners only.
                        "score": match g.scores.get(seat) {
                            Some(s) if !teamed(g) => s.to_string(),
                            _ => String::new(),
                        },
                        "winner": g.winners.contains(&seat),
                        "newPlayer": false,
                        "startPlayer": g.first.unwrap_or(0) == seat,
                        "seatOrder": seat + 1,
                        "rank": places[seat],
                        "role": g.roles.get(seat).cloned().flatten().unwrap_or_default(),
                        "team": if teamed(g) {
                            g.roles.get(seat).cloned().flatten().unwrap_or_default()
                        } else {
                            String::new()
                        },
                    })
                })
                .collect();
            json!({
                "uuid": uuid("play", &play_name(g)),
                "gameRefId": id(&games, &g.game),
                "playDate": table::date_time(if g.started > 0 { g.started } else { g.ended }),
                "entryDate": table::date_time(g.ended),
                "durationMin": g.minutes().unwrap_or(0),
                "locationRefId": 1,
                "ignored": false,
                "manualWinner": false,
                "usesTeams": teamed(g),
                "rounds": g.rounds.unwrap_or(0),
                "scoringSetting": 0,
                "comments": format!("Boardside journal {}", g.file),
                "playerScores": scores,
            })
        })
        .collect();
    json!({
        "about": "Plays recorded by Boardside, the board-game companion; a BG Stats play file \
                  (open it with BG Stats to import them).",
        "sourceName": "Boardside",
        "players": players.iter().enumerate().map(|(i, p)| json!({
            "id": i + 1,
            "uuid": uuid("player", &key(p)),
            "name": p,
            "isAnonymous": false,
        })).collect::<Vec<_>>(),
        "locations": [json!({"id": 1, "uuid": uuid("location", "table"), "name": "Boardside table"})],
        "games": games.iter().enumerate().map(|(i, g)| json!({
            "id": i + 1,
            "uuid": uuid("game", g),
            "name": g,
            "cooperative": false,
            "highestWins": true,
            "noPoints": false,
            "usesTeams": teams(g),
        })).collect::<Vec<_>>(),
        "plays": plays,
    })
}

/// The export files by name, and the text of the one named (None: no such export).
pub const FILES: [&str; 4] = ["plays.csv", "players.csv", "games.csv", "boardside.bgsplay"];

pub fn file(name: &str, folder: &Folder, t: &Tally, saves: &Path) -> Option<String> {
    Some(match name {
        "plays.csv" => table::csv(&table::plays(folder, saves)),
        "players.csv" => table::csv(&table::players(t)),
        "games.csv" => table::csv(&table::wins(t)),
        "boardside.bgsplay" => serde_json::to_string_pretty(&bgsplay(folder)).ok()?,
        _ => return None,
    })
}

/// Every export written into `out` (made if need be): the names of the files written.
pub fn write_all(
    out: &Path,
    folder: &Folder,
    t: &Tally,
    saves: &Path,
) -> Result<Vec<String>, String> {
    std::fs::create_dir_all(out).map_err(|e| format!("{}: {e}", out.display()))?;
    let mut wrote = Vec::new();
    for name in FILES {
        let text = file(name, folder, t, saves).ok_or_else(|| format!("{name}: not made"))?;
        let path = out.join(name);
        std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))?;
        wrote.push(format!("wrote {}", path.display()));
    }
    Ok(wrote)
}
