//! The `boardside` binary: parses the command line and hands over to `boardside::cli`.

use clap::Parser;

fn main() {
    let cli = boardside::cli::Cli::parse();
    boardside::logging::init();
    std::process::exit(boardside::cli::main_with(cli));
}
