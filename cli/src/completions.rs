//! `queens completions bash|zsh|fish|powershell`: a completion script for the
//! shell, written by clap_complete from the same definition that parses the
//! command line, so it always knows every subcommand, option and value.

use clap::CommandFactory;
use clap_complete::Shell;

use super::{Cli, Failure, Output};

/// Arguments of `queens completions`.
#[derive(Debug, clap::Args)]
#[command(after_help = "Load them, e.g. for bash:\n  \
    source <(cargo queens completions bash)\n\
    or keep them: cargo queens completions bash > ~/.local/share/bash-completion/completions/queens")]
pub struct Args {
    /// The shell (bash, zsh, fish, powershell; elvish too).
    #[arg(value_enum)]
    pub shell: Shell,
}

/// Prints the script for `args.shell` on standard output.
pub fn run(args: Args, out: &mut Output) -> Result<(), Failure> {
    if out.json() {
        return Err(Failure::usage(
            "completions prints a shell script and has no --json",
        ));
    }
    let mut command = Cli::command();
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command, "queens", &mut script);
    let text = String::from_utf8(script)
        .map_err(|e| Failure::new(format!("the completion script is not UTF-8: {e}")))?;
    out.line(text.trim_end())?;
    Ok(())
}
