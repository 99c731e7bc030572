//! Standard output that tolerates a closed pipe (`queens solve 12 | head`).

use std::io::{self, BufWriter, ErrorKind, Write};

use serde::Serialize;

/// Where a subcommand writes its result, in text or JSON.
pub struct Output {
    json: bool,
    writer: BufWriter<Box<dyn Write>>,
    closed: bool,
}

impl Output {
    /// Buffered standard output.
    pub fn stdout(json: bool) -> Self {
        Self::new(json, Box::new(io::stdout()))
    }

    /// Output into any writer (tests use a buffer).
    pub fn new(json: bool, writer: Box<dyn Write>) -> Self {
        Self {
            json,
            writer: BufWriter::new(writer),
            closed: false,
        }
    }

    /// Whether `--json` was given.
    pub fn json(&self) -> bool {
        self.json
    }

    /// Writes `value` as pretty JSON followed by a newline.
    pub fn write_json<T: Serialize + ?Sized>(&mut self, value: &T) -> io::Result<()> {
        let text = serde_json::to_string_pretty(value).map_err(io::Error::other)?;
        self.line(text)
    }

    /// Writes one line of text.
    pub fn line(&mut self, text: impl std::fmt::Display) -> io::Result<()> {
        if self.closed {
            return Ok(());
        }
        let result = writeln!(self.writer, "{text}");
        self.absorb_closed_pipe(result)
    }

    /// Writes one line of text as it is, without `fmt` (a file of puzzles
    /// writes one a puzzle).
    pub fn line_str(&mut self, text: &str) -> io::Result<()> {
        if self.closed {
            return Ok(());
        }
        let result = self
            .writer
            .write_all(text.as_bytes())
            .and_then(|()| self.writer.write_all(b"\n"));
        self.absorb_closed_pipe(result)
    }

    /// Flushes; a reader that went away early is not an error.
    pub fn finish(&mut self) -> io::Result<()> {
        if self.closed {
            return Ok(());
        }
        let result = self.writer.flush();
        self.absorb_closed_pipe(result)
    }

    fn absorb_closed_pipe(&mut self, result: io::Result<()>) -> io::Result<()> {
        match result {
            Err(e) if e.kind() == ErrorKind::BrokenPipe => {
                self.closed = true;
                Ok(())
            }
            other => other,
        }
    }
}
