//! The `breakline` binary: the game window by default, or a command-line tool.

fn main() -> std::process::ExitCode {
    breakline::cli::main()
}
