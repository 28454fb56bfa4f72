//! The `boardside` binary: parses the command line and hands over to `boardside::cli`.
#![deny(unsafe_code)]

fn main() {
    let cli = boardside::cli::parse();
    boardside::logging::init();
    std::process::exit(boardside::cli::main_with(cli));
}
