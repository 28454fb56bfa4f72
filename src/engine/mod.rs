//! The pure rules engine: shared parts every game uses (ledger, dice, decks, turn order,
//! errors) and one folder per game family. No files, clocks, threads or randomness in here.

pub mod deck;
pub mod dice;
pub mod error;
pub mod ledger;
pub mod property;
pub mod turn;

pub use error::RuleError;

/// The game API every game family offers: what may be done, what a command causes, how an
/// event changes the state, and what the table is asked next.
pub trait Game {
    type Rules;
    type State;
    type Command;
    type Event;
    type Prompt;
    fn legal(rules: &Self::Rules, state: &Self::State) -> Vec<Self::Command>;
    fn decide(
        rules: &Self::Rules,
        state: &Self::State,
        command: &Self::Command,
    ) -> Result<Vec<Self::Event>, RuleError>;
    fn apply(rules: &Self::Rules, state: &mut Self::State, event: &Self::Event);
    fn prompt(rules: &Self::Rules, state: &Self::State) -> Self::Prompt;
}
