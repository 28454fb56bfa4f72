//! House rules as the new-game screen offers them: a name, the values a table may pick in
//! words ("on", "20", "short game"), each with the option settings it stands for. Each
//! family's screens say which rules it offers (`Screens::house_rules`).

/// A house rule offered on the new-game screen: its name, the values a table may pick in
/// words ("on", "20", "short game"), each with the option settings it stands for, and which
/// of them the ruleset's own options already give.
#[derive(Debug, Clone, PartialEq)]
pub struct HouseRule {
    pub name: String,
    pub choices: Vec<Choice>,
    pub default: usize,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Choice {
    pub word: String,
    pub settings: Vec<(&'static str, String)>,
}

impl HouseRule {
    /// A rule with these choices; the default is the first whose settings the ruleset's
    /// options already hold (`holds`), else the first.
    pub fn new(name: &str, choices: Vec<Choice>, holds: impl Fn(&Choice) -> bool) -> HouseRule {
        let default = choices.iter().position(holds).unwrap_or(0);
        HouseRule {
            name: name.into(),
            choices,
            default,
        }
    }

    /// One option with two values, each shown as a word ("Orphans: uncontrolled"); the
    /// second is the default when `second` holds. For a switch whose name and "on"/"off"
    /// would not fit the screen's line, the words say what each value means.
    pub fn either(name: &str, key: &'static str, words: [(&str, &str); 2], second: bool) -> Self {
        HouseRule {
            name: name.into(),
            choices: words
                .iter()
                .map(|(word, v)| Choice {
                    word: (*word).into(),
                    settings: vec![(key, (*v).into())],
                })
                .collect(),
            default: second as usize,
        }
    }

    /// On or off for one boolean option.
    pub fn switch(name: &str, key: &'static str, now: bool) -> HouseRule {
        let choice = |word: &str, v: bool| Choice {
            word: word.into(),
            settings: vec![(key, v.to_string())],
        };
        HouseRule {
            name: name.into(),
            choices: vec![choice("off", false), choice("on", true)],
            default: now as usize,
        }
    }

    /// One whole-number option, from a list of values (the ruleset's own is added if missing).
    pub fn number(
        name: &str,
        key: &'static str,
        unit: &str,
        values: &[u32],
        now: u32,
    ) -> HouseRule {
        let mut v = values.to_vec();
        if !v.contains(&now) {
            v.push(now);
            v.sort_unstable();
        }
        let choices = v
            .iter()
            .map(|n| Choice {
                word: format!("{n}{unit}"),
                settings: vec![(key, n.to_string())],
            })
            .collect();
        let default = v.iter().position(|&n| n == now).unwrap_or(0);
        HouseRule {
            name: name.into(),
            choices,
            default,
        }
    }
}
