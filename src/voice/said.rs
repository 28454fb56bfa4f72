//! A line of the table's words as people say it, for the recogniser's grammar: lower case, no
//! punctuation, each amount in words, every way a table says it ("one hundred and forty", "a
//! hundred forty"); a figure and a sign the recogniser could not hear are spoken words too.

/// The words of `n` (0 to 999,999), the British way with "and" ("one hundred and forty").
pub fn number(n: u64) -> String {
    const ONES: [&str; 20] = [
        "zero",
        "one",
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
        "eleven",
        "twelve",
        "thirteen",
        "fourteen",
        "fifteen",
        "sixteen",
        "seventeen",
        "eighteen",
        "nineteen",
    ];
    const TENS: [&str; 10] = [
        "", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety",
    ];
    fn under_hundred(n: u64) -> String {
        match n {
            0..=19 => ONES[n as usize].to_string(),
            _ if n % 10 == 0 => TENS[(n / 10) as usize].to_string(),
            _ => format!("{} {}", TENS[(n / 10) as usize], ONES[(n % 10) as usize]),
        }
    }
    fn under_thousand(n: u64) -> String {
        match (n / 100, n % 100) {
            (0, r) => under_hundred(r),
            (h, 0) => format!("{} hundred", ONES[h as usize]),
            (h, r) => format!("{} hundred and {}", ONES[h as usize], under_hundred(r)),
        }
    }
    match (n / 1000, n % 1000) {
        (0, r) => under_thousand(r),
        (t, 0) => format!("{} thousand", under_thousand(t)),
        (t, r) if r < 100 => format!("{} thousand and {}", under_thousand(t), under_hundred(r)),
        (t, r) => format!("{} thousand {}", under_thousand(t), under_thousand(r)),
    }
}

/// Every way a table says `n`: "one hundred and forty", "one hundred forty", "a hundred and
/// forty", "a hundred forty" (the same words once where they agree).
pub fn numbers(n: u64) -> Vec<String> {
    let full = number(n);
    let mut ways = vec![full.clone(), full.replace(" hundred and ", " hundred ")];
    for s in ways.clone() {
        for one in ["one hundred", "one thousand"] {
            if let Some(rest) = s.strip_prefix(one) {
                ways.push(format!("a{}{rest}", &one[3..]));
            }
        }
    }
    let mut out: Vec<String> = Vec::new();
    for w in ways {
        if !out.contains(&w) {
            out.push(w);
        }
    }
    out
}

/// `line` as a table says it, every way: lower case, a figure in words (each way `numbers`
/// gives, one figure at a time), signs as words ("+5" "plus five", "&" "and", "10%" "ten
/// percent"), other marks
/// gone. Empty when nothing speakable is left.
pub fn spoken(line: &str) -> Vec<String> {
    let mut words: Vec<Vec<String>> = Vec::new();
    let line = line.replace('%', " percent");
    let cleaned: String = line
        .chars()
        .map(|c| match c {
            'A'..='Z' => c.to_ascii_lowercase(),
            'a'..='z' | '0'..='9' | '\'' => c,
            '&' => '&',
            '+' => '+',
            _ => ' ',
        })
        .collect();
    for token in cleaned.split_whitespace() {
        let token = token.trim_matches('\'');
        if token.is_empty() {
            continue;
        }
        // A figure inside a word ("cpu1") is said figure by figure after the letters.
        let (letters, digits): (String, String) = token.chars().partition(|c| !c.is_ascii_digit());
        let sign = letters.strip_prefix('+').map(|_| "plus");
        let letters = letters.trim_start_matches('+').replace('&', " and ");
        if let Some(s) = sign {
            words.push(vec![s.to_string()]);
        }
        if !letters.trim().is_empty() {
            for w in letters.split_whitespace() {
                words.push(vec![w.to_string()]);
            }
        }
        if let Ok(n) = digits.parse::<u64>() {
            if n < 1_000_000 {
                words.push(numbers(n));
            }
        }
    }
    // Each word's ways, one after another; only amounts have more than one.
    let mut out = vec![String::new()];
    for ways in words {
        out = out
            .iter()
            .flat_map(|head| {
                ways.iter().map(move |w| {
                    if head.is_empty() {
                        w.clone()
                    } else {
                        format!("{head} {w}")
                    }
                })
            })
            .collect();
        // A line with many figures says each the first way only past a few combinations.
        out.truncate(16);
    }
    out.retain(|s| !s.is_empty());
    out
}

/// Where a phrase takes any amount ("ann bids <amount>"): the recogniser hears a number
/// there, said any way `numbers` gives.
pub const AMOUNT: &str = "<amount>";

/// The number that number words say ("a hundred and forty", "two thousand five hundred",
/// "forty two"); None when a word is no number word or none says a number.
pub fn amount(words: &[&str]) -> Option<u64> {
    const TENS: [&str; 8] = [
        "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety",
    ];
    let (mut total, mut now, mut any) = (0u64, 0u64, false);
    for (i, w) in words.iter().enumerate() {
        match *w {
            "and" => continue,
            // "a hundred", "a thousand": the "a" is one.
            "a" if matches!(words.get(i + 1), Some(&"hundred") | Some(&"thousand")) => now += 1,
            // Saturating: a run of "hundred"s is words, not an overflow.
            "hundred" => now = now.max(1).saturating_mul(100),
            "thousand" => {
                total = total.saturating_add(now.max(1).saturating_mul(1000));
                now = 0;
            }
            w => {
                let v = (0..20u64).find(|&n| number(n) == w).or_else(|| {
                    TENS.iter()
                        .position(|t| *t == w)
                        .map(|k| 20 + 10 * k as u64)
                })?;
                now = now.saturating_add(v);
            }
        }
        any = true;
    }
    any.then_some(total.saturating_add(now))
}

/// Every word a number is said with (`number`, `numbers`), for the recogniser's dictionary.
pub fn number_words() -> Vec<String> {
    let mut out: Vec<String> = (1..100).map(number).collect();
    out.extend(["a", "hundred", "thousand", "and"].map(String::from));
    let mut words: Vec<String> = out
        .iter()
        .flat_map(|w| w.split(' '))
        .map(String::from)
        .collect();
    words.sort();
    words.dedup();
    words
}

/// What a phrase heard offers.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub enum Offer {
    /// A protocol command, carried out once OK confirms it.
    Line(String),
    /// Any amount from `least` to `most`: the protocol line with `{amount}` for it ("bid Ann
    /// {amount}"); heard with its number, it is that line.
    Amount { line: String, least: i64, most: i64 },
    /// The table's own word: undo (asked first), again (the last line said again), cancel
    /// (BACK).
    Shell(&'static str),
    /// A line of the game's menu that is no move ("Standings", "Manage...", "Log"): heard, the
    /// device chooses it as OK on that line would (issue 69: every line of the menu). The
    /// device's own; `hear` at a saved position has no menu.
    Menu { line: usize, label: String },
}

impl Offer {
    /// As `hear` prints it: the protocol command, or the table's word.
    pub fn text(&self) -> &str {
        match self {
            Offer::Line(l) => l,
            Offer::Amount { line, .. } => line,
            Offer::Shell(w) => w,
            Offer::Menu { label, .. } => label,
        }
    }
}

/// A phrase listened for: what is said, what it offers, and that in the table's words for
/// the question before it is carried out ("Buy for 200?").
#[derive(Debug, Clone, PartialEq)]
pub struct Phrase {
    pub said: String,
    pub offer: Offer,
    pub words: String,
}

impl Phrase {
    /// A phrase that takes any amount, said as `said` with `n` in its place: that amount's
    /// line and words. None when it takes no amount or `n` is outside its range.
    pub fn at_amount(&self, said: String, n: i64) -> Option<Phrase> {
        let Offer::Amount { line, least, most } = &self.offer else {
            return None;
        };
        (*least..=*most).contains(&n).then(|| Phrase {
            said,
            offer: Offer::Line(line.replace("{amount}", &n.to_string())),
            words: self.words.replace("{amount}", &n.to_string()),
        })
    }
}

/// The phrase a sentence heard is, among those listened for: the same words, or a phrase with
/// an amount whose words are around a number in its range (the phrase then says that number
/// and offers its line). None for anything else.
pub fn heard(phrases: &[Phrase], said: &str) -> Option<Phrase> {
    if let Some(p) = phrases.iter().find(|p| p.said == said) {
        return Some(p.clone());
    }
    let words: Vec<&str> = said.split(' ').collect();
    phrases.iter().find_map(|p| {
        if !matches!(p.offer, Offer::Amount { .. }) {
            return None;
        }
        let (head, tail) = p.said.split_once(AMOUNT)?;
        let (head, tail): (Vec<&str>, Vec<&str>) = (
            head.split_whitespace().collect(),
            tail.split_whitespace().collect(),
        );
        let middle = words
            .strip_prefix(head.as_slice())?
            .strip_suffix(tail.as_slice())?;
        let n = i64::try_from(amount(middle)?).ok()?;
        p.at_amount(said.to_string(), n)
    })
}
