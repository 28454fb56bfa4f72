//! What the finished games add up to: each player's games, wins, rating, time, streak, rival
//! and nemesis; each game's length and win share by seat and by side; the feats; and the
//! same as lines of text for the console, the device's pager and the web page.

use std::collections::BTreeMap;

use super::{rating, Played};
use crate::engine::panels::Feat;

/// A player across every game, by name (however they were seated, whatever token).
#[derive(Debug, Clone, PartialEq)]
pub struct PlayerRow {
    pub name: String,
    /// Played by the device (a computer seat) in any game.
    pub computer: bool,
    pub games: usize,
    pub wins: usize,
    /// Per game (ruleset id): games played, wins.
    pub by_game: Vec<(String, usize, usize)>,
    pub rating: f64,
    pub minutes: u64,
    /// The most wins in a row.
    pub streak: usize,
    /// The opponent met most often (on a tie, the one with the closest head-to-head).
    pub rival: Option<String>,
    /// The opponent who finished above this player most often.
    pub nemesis: Option<String>,
}

/// A game (ruleset) across every play.
#[derive(Debug, Clone, PartialEq)]
pub struct GameRow {
    pub game: String,
    pub games: usize,
    pub mean_minutes: Option<f64>,
    /// Player-turns (None for a game of teams, which counts rounds alone).
    pub mean_turns: Option<f64>,
    pub mean_rounds: Option<f64>,
    /// By seat (first seat first): games with that seat, its wins.
    pub seats: Vec<(usize, usize)>,
    /// By side or Illuminati: games it was played in, its wins.
    pub roles: Vec<(String, usize, usize)>,
}

/// The best of a feat over every game of a ruleset.
#[derive(Debug, Clone, PartialEq)]
pub struct FeatRow {
    pub game: String,
    pub feat: Feat,
    pub file: String,
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct Tally {
    pub players: Vec<PlayerRow>,
    pub games: Vec<GameRow>,
    pub feats: Vec<FeatRow>,
}

/// A name as the records match it: the same letters whatever their case or spaces around.
pub fn key(name: &str) -> String {
    name.trim().to_lowercase()
}

/// Everything the games add up to; `games` oldest first.
pub fn tally(games: &[Played]) -> Tally {
    let ratings = rating::ratings(games, key);
    Tally {
        players: players(games, &ratings),
        games: per_game(games),
        feats: feats(games),
    }
}

#[derive(Default)]
struct Meeting {
    games: usize,
    /// They finished above this player, and below.
    above: usize,
    below: usize,
}

fn players(games: &[Played], ratings: &BTreeMap<String, f64>) -> Vec<PlayerRow> {
    let mut rows: BTreeMap<String, PlayerRow> = BTreeMap::new();
    let mut run: BTreeMap<String, usize> = BTreeMap::new();
    let mut met: BTreeMap<String, BTreeMap<String, Meeting>> = BTreeMap::new();
    let mut spelled: BTreeMap<String, String> = BTreeMap::new();
    for g in games {
        let places = g.places();
        for (seat, name) in g.players.iter().enumerate() {
            let k = key(name);
            spelled
                .entry(k.clone())
                .or_insert_with(|| name.trim().to_string());
            let row = rows.entry(k.clone()).or_insert_with(|| PlayerRow {
                name: name.trim().to_string(),
                computer: false,
                games: 0,
                wins: 0,
                by_game: vec![],
                rating: ratings.get(&k).copied().unwrap_or(rating::START),
                minutes: 0,
                streak: 0,
                rival: None,
                nemesis: None,
            });
            let won = g.winners.contains(&seat);
            row.computer |= g.computers.contains(&seat);
            row.games += 1;
            row.wins += won as usize;
            row.minutes += g.minutes().unwrap_or(0);
            match row.by_game.iter_mut().find(|(x, _, _)| *x == g.game) {
                Some(e) => {
                    e.1 += 1;
                    e.2 += won as usize;
                }
                None => row.by_game.push((g.game.clone(), 1, won as usize)),
            }
            let r = run.entry(k.clone()).or_default();
            *r = if won { *r + 1 } else { 0 };
            row.streak = row.streak.max(*r);
            for (other, them) in g.players.iter().enumerate().filter(|&(o, _)| o != seat) {
                let m = met
                    .entry(k.clone())
                    .or_default()
                    .entry(key(them))
                    .or_default();
                m.games += 1;
                m.above += (places[other] < places[seat]) as usize;
                m.below += (places[other] > places[seat]) as usize;
            }
        }
    }
    for (k, row) in rows.iter_mut() {
        let Some(opponents) = met.get(k) else {
            continue;
        };
        let name = |o: &String| spelled.get(o).cloned().unwrap_or_else(|| o.clone());
        row.rival = opponents
            .iter()
            .max_by(|a, b| {
                let close = |m: &Meeting| std::cmp::Reverse(m.above.abs_diff(m.below));
                (a.1.games, close(a.1), std::cmp::Reverse(a.0)).cmp(&(
                    b.1.games,
                    close(b.1),
                    std::cmp::Reverse(b.0),
                ))
            })
            .map(|(o, _)| name(o));
        row.nemesis = opponents
            .iter()
            .filter(|(_, m)| m.above > 0)
            .max_by(|a, b| {
                (a.1.above, std::cmp::Reverse(a.0)).cmp(&(b.1.above, std::cmp::Reverse(b.0)))
            })
            .map(|(o, _)| name(o));
    }
    let mut out: Vec<PlayerRow> = rows.into_values().collect();
    out.sort_by(|a, b| {
        b.rating
            .total_cmp(&a.rating)
            .then(b.wins.cmp(&a.wins))
            .then(a.name.cmp(&b.name))
    });
    out
}

fn per_game(games: &[Played]) -> Vec<GameRow> {
    let mut rows: Vec<GameRow> = Vec::new();
    let mut minutes: BTreeMap<String, (u64, usize)> = BTreeMap::new();
    let mut turns: BTreeMap<String, (u64, usize)> = BTreeMap::new();
    let mut rounds: BTreeMap<String, (u64, usize)> = BTreeMap::new();
    for g in games {
        let i = match rows.iter().position(|r| r.game == g.game) {
            Some(i) => i,
            None => {
                rows.push(GameRow {
                    game: g.game.clone(),
                    games: 0,
                    mean_minutes: None,
                    mean_turns: None,
                    mean_rounds: None,
                    seats: vec![],
                    roles: vec![],
                });
                rows.len() - 1
            }
        };
        let row = &mut rows[i];
        row.games += 1;
        if let Some(m) = g.minutes() {
            let e = minutes.entry(g.game.clone()).or_default();
            *e = (e.0 + m, e.1 + 1);
        }
        for (count, sums) in [(g.turns, &mut turns), (g.rounds, &mut rounds)] {
            if let Some(t) = count {
                let e = sums.entry(g.game.clone()).or_default();
                *e = (e.0 + t, e.1 + 1);
            }
        }
        if row.seats.len() < g.players.len() {
            row.seats.resize(g.players.len(), (0, 0));
        }
        for seat in 0..g.players.len() {
            let won = g.winners.contains(&seat) as usize;
            row.seats[seat].0 += 1;
            row.seats[seat].1 += won;
            if let Some(Some(role)) = g.roles.get(seat) {
                match row.roles.iter_mut().find(|(r, _, _)| r == role) {
                    Some(e) => {
                        e.1 += 1;
                        e.2 += won;
                    }
                    None => row.roles.push((role.clone(), 1, won)),
                }
            }
        }
    }
    let mean = |m: Option<&(u64, usize)>| m.filter(|m| m.1 > 0).map(|m| m.0 as f64 / m.1 as f64);
    for row in &mut rows {
        row.mean_minutes = mean(minutes.get(&row.game));
        row.mean_turns = mean(turns.get(&row.game));
        row.mean_rounds = mean(rounds.get(&row.game));
        row.roles.sort_by(|a, b| a.0.cmp(&b.0));
    }
    rows.sort_by(|a, b| a.game.cmp(&b.game));
    rows
}

fn feats(games: &[Played]) -> Vec<FeatRow> {
    let mut best: Vec<FeatRow> = Vec::new();
    for g in games {
        for f in &g.feats {
            let at = best
                .iter()
                .position(|b| b.game == g.game && b.feat.what == f.what);
            let row = FeatRow {
                game: g.game.clone(),
                feat: f.clone(),
                file: g.file.clone(),
            };
            match at {
                None => best.push(row),
                // The first to reach a record keeps it.
                Some(i) if f.amount > best[i].feat.amount => best[i] = row,
                Some(_) => {}
            }
        }
    }
    best.sort_by(|a, b| (&a.game, &a.feat.what).cmp(&(&b.game, &b.feat.what)));
    best
}

/// "3h05" for minutes.
pub fn hours(minutes: u64) -> String {
    format!("{}h{:02}", minutes / 60, minutes % 60)
}

/// "2/3 (67%)".
pub fn share(wins: usize, games: usize) -> String {
    if games == 0 {
        return "0/0".into();
    }
    format!(
        "{wins}/{games} ({:.0}%)",
        100.0 * wins as f64 / games as f64
    )
}
