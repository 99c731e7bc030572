//! The `queens` command line; see `queens --help` and [`queens::cli`].

fn main() -> std::process::ExitCode {
    queens::cli::main()
}
