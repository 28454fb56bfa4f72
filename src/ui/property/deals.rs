//! A deal or a private sale at the table: whose say it waits on, and each side agreeing.

use super::*;

impl PropertyScreens {
    /// The human sides of the deal on screen that have not tapped their tokens yet.
    pub(super) fn deal_waits_on(&self, g: &Se) -> Vec<String> {
        let View::Deal {
            square: Some(sq),
            buyer: Some(b),
            yes,
            ..
        } = &self.view
        else {
            return Vec::new();
        };
        [g.state.owner(*sq), Some(*b)]
            .into_iter()
            .flatten()
            .filter(|p| !yes.contains(p) && !g.header.computers.iter().any(|c| c.seat == *p))
            .map(|p| g.state.players[p].name.clone())
            .collect()
    }

    /// The deal made on the deal screen, with the yes of the sides that tapped their tokens:
    /// carried out when every side has said yes, else put to the computer sides, which answer
    /// by their own chance (`Desk::offers`); refused, with who it waits for, otherwise.
    pub(super) fn agree_deal(
        &mut self,
        g: &mut Se,
        desk: &mut Desk,
        deal: Command,
        sides: [usize; 2],
        yes: Vec<usize>,
    ) -> Flow {
        let bots: Vec<usize> = sides
            .into_iter()
            .filter(|p| g.header.computers.iter().any(|c| c.seat == *p))
            .collect();
        let people_agree = sides.iter().all(|p| bots.contains(p) || yes.contains(p));
        if bots.is_empty() || !people_agree {
            let kept = std::mem::replace(&mut desk.yes, yes);
            let flow = self.command(g, desk, deal);
            desk.yes = kept;
            return flow;
        }
        use crate::engine::game::Words;
        let line = Property::format_command(&g.rules, &g.state, &deal);
        for &p in &yes {
            desk.offers.agree(None, p, &line, sides.to_vec());
        }
        let names: Vec<&str> = bots
            .iter()
            .map(|&p| g.state.players[p].name.as_str())
            .collect();
        desk.say_of_phone(format!(
            "The deal is put to {}: {}",
            names.join(", "),
            menu::label(&g.rules, &g.state, &deal)
        ));
        self.go(View::Main);
        Flow::Stay
    }

    /// Seat `p`'s token says yes to a deal put to it; carried out once every side agrees.
    pub(super) fn agree_offer(
        &mut self,
        g: &mut Se,
        desk: &mut Desk,
        p: usize,
        line: &str,
        binds: Vec<usize>,
    ) -> Flow {
        use crate::engine::game::{Parsed, Words};
        match desk.offers.agree(None, p, line, binds.clone()) {
            crate::ui::offers::Agreed::All => {
                let Ok(Parsed::Command(deal)) = Property::parse(&g.rules, &g.state, line) else {
                    desk.note = Some(format!("{line}: no longer a deal"));
                    return Flow::Stay;
                };
                let kept = std::mem::replace(&mut desk.yes, binds);
                let flow = self.command(g, desk, deal);
                desk.yes = kept;
                flow
            }
            crate::ui::offers::Agreed::Waiting(_) => {
                desk.note = Some(format!("{} agrees", g.state.players[p].name));
                Flow::Stay
            }
        }
    }
}
