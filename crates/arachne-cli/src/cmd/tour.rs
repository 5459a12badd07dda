//! `arachne` without a subcommand: the tour ([`arachne::tour`]): one checkers position
//! searched serially, by a shared-memory search on every core, by a message-passing search on
//! threads and by the same on the simulator at P = 1 … 64; a row printed as each is measured,
//! then what the columns mean and three commands to go further.
use crate::error::CliResult;
use arachne::tour;
use std::io::Write;

pub fn run() -> CliResult {
    println!(
        "arachne: parallel game-tree search on this machine ({} cores)",
        tour::cores()
    );
    println!(
        "position: {} (Chinook–Tinsley 1992, game 8, bench position 6), move ordering\n",
        tour::POSITION
    );
    println!("{}", tour::header());
    let rows = tour::run(&mut |r| {
        println!("{}", r.text());
        let _ = std::io::stdout().flush();
    })?;
    println!();
    print!("{}", tour::footer(&rows));
    Ok(())
}
