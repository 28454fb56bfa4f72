//! The clocks of a property game at the table: a time-limit game's end, the countdown
//! before a restart, and an auction closed by silence.

use super::*;

/// A time-limit game's clock (sectionopoly: TIME LIMIT GAME, "a definite hour of termination").
#[derive(Debug, Clone, PartialEq)]
pub struct Clock {
    pub limit_ms: u64,
    /// Played before `since` (a resumed game: the time since it started).
    pub before_ms: u64,
    /// The device's time when the clock was set.
    pub since: u64,
    /// The table has been asked whether to end the game (asked once; "Time up" stays in the
    /// manage menu).
    pub asked: bool,
}

impl Clock {
    /// For a game with these options, started `played_ms` ago; None without a time limit.
    pub fn for_game(o: &Options, played_ms: u64, now: u64) -> Option<Clock> {
        (o.time_limit && o.time_limit_minutes > 0).then(|| Clock {
            limit_ms: o.time_limit_minutes as u64 * 60_000,
            before_ms: played_ms,
            since: now,
            asked: false,
        })
    }

    pub fn left_ms(&self, now: u64) -> u64 {
        self.limit_ms
            .saturating_sub(self.before_ms + now.saturating_sub(self.since))
    }

    /// "1:05": hours and minutes left, rounded up so 0:00 means the time is up.
    pub fn shown(&self, now: u64) -> String {
        let min = self.left_ms(now).div_ceil(60_000);
        format!("{}:{:02}", min / 60, min % 60)
    }
}

impl PropertyScreens {
    /// A time-limit game: the clock on the main screen changes each minute, and when it runs
    /// out the table is asked, once, whether to end the game now.
    pub(super) fn watch_clock(&mut self, g: &Se, desk: &mut Desk) -> Flow {
        let Some(c) = self.clock.as_mut() else {
            return Flow::Stay;
        };
        if g.state.over {
            return Flow::Stay;
        }
        if c.left_ms(desk.now) == 0 && !c.asked {
            c.asked = true;
            desk.toast_until = 0;
            self.go(View::ConfirmTimeUp);
            return Flow::Show;
        }
        if c.left_ms(desk.now) % 60_000 < 100 {
            desk.redraw = true;
        }
        Flow::Stay
    }

    /// Any press or tap during an auction restarts its silence countdown.
    pub(super) fn restart_countdown(&mut self, g: &Se, desk: &Desk) {
        if matches!(g.state.top(), Some(Pending::Auction(_))) {
            self.auction_since = desk.now;
        }
    }

    /// Seconds before a silent auction closes, when the table chose a timer.
    pub fn auction_countdown(&self, g: &Se, desk: &Desk) -> Option<u64> {
        let open = matches!(g.state.top(), Some(Pending::Auction(_)));
        (open && desk.cfg.auction_silence_ms > 0).then(|| {
            let left = (self.auction_since + desk.cfg.auction_silence_ms).saturating_sub(desk.now);
            left.div_ceil(1000)
        })
    }
}
