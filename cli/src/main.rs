//! The `queens` command line; see `queens --help` and the `queens_cli` crate.

fn main() -> std::process::ExitCode {
    queens_cli::main()
}
