//! `config check [FILE]` and `config show`: a configuration validated, or the effective one
//! printed with where each value came from. Both say what the file sets the old way (a
//! note on standard error for each such key).

use crate::commands::error::{CommandError, CommandResult, load_config, print_notes};
use crate::config::Config;
use clap::Subcommand;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// What `config` does.
#[derive(Subcommand)]
pub enum ConfigAction {
    /// Validate a configuration file (default: the one that would be loaded).
    Check { file: Option<PathBuf> },
    /// Print the effective configuration and where each value came from.
    Show,
}

/// Runs `config ACTION`; `explicit` is the global `--config`.
pub fn run(action: ConfigAction, explicit: Option<&Path>) -> CommandResult {
    match action {
        ConfigAction::Check { file } => {
            let loaded = match file {
                Some(file) => {
                    let loaded = Config::from_file(&file).map_err(CommandError::Config)?;
                    print_notes(&loaded);
                    loaded
                }
                None => load_config(explicit)?,
            };
            println!("{}", loaded.summary());
        }
        ConfigAction::Show => {
            let loaded = load_config(explicit)?;
            match &loaded.source {
                Some(p) => println!("# configuration file: {}", p.display()),
                None => println!("# no configuration file: built-in defaults"),
            }
            print!("{}", Config::show(&loaded));
        }
    }
    Ok(ExitCode::SUCCESS)
}
