//! What every program says about itself beyond `--help`: shell completions and a man page,
//! both written from the program's clap definition, so they never disagree with `--help`.

use clap::Args;
use std::io::Write;
use std::process::ExitCode;

/// `completions SHELL`: the completion script for a shell, on standard output.
#[derive(Args)]
pub struct Completions {
    /// The shell: bash, zsh, fish, elvish or powershell.
    shell: clap_complete::Shell,
}

impl Completions {
    /// Writes the script for `cmd` (the program's whole clap definition).
    pub fn run(&self, mut cmd: clap::Command) -> Result<ExitCode, String> {
        let name = cmd.get_name().to_string();
        let mut out = Vec::new();
        clap_complete::generate(self.shell, &mut cmd, name, &mut out);
        emit(&out)
    }
}

/// `man [COMMAND]`: the man page (roff) on standard output, of the program or of one of
/// its commands: `huo-book man > huo-book.1`, `huo-book man record > huo-book-record.1`.
#[derive(Args)]
pub struct Man {
    /// A command of the program, for its own page (`huo-book-record(1)`).
    command: Option<String>,
}

impl Man {
    /// Writes the page from `cmd`, the program's whole clap definition.
    pub fn run(&self, mut cmd: clap::Command) -> Result<ExitCode, String> {
        cmd.build(); // the global options reach the commands' own pages
        let program = cmd.get_name().to_string();
        let version = cmd.get_version().unwrap_or_default().to_string();
        let page = match &self.command {
            None => cmd,
            Some(name) => {
                let sub = cmd.find_subcommand(name).cloned().ok_or_else(|| {
                    let names: Vec<&str> = cmd.get_subcommands().map(|s| s.get_name()).collect();
                    format!("no command {name} (commands: {})", names.join(", "))
                })?;
                sub.name(format!("{program}-{name}"))
                    .bin_name(format!("{program} {name}"))
                    .version(version)
            }
        };
        let mut out = Vec::new();
        clap_mangen::Man::new(page)
            .render(&mut out)
            .map_err(|e| e.to_string())?;
        emit(&out)
    }
}

/// Standard output, a closed pipe (`| head`) being no error.
fn emit(bytes: &[u8]) -> Result<ExitCode, String> {
    match std::io::stdout().lock().write_all(bytes) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(e.to_string()),
        _ => Ok(ExitCode::SUCCESS),
    }
}
