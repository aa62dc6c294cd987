//! `pack` and `unpack`: a book from one layout to the other, losslessly (see
//! [`crate::book::convert`]).

use super::context::Context;
use crate::book::{convert, pack};
use crate::commands::error::CommandResult;
use clap::Args;
use std::process::ExitCode;

/// `huo-book pack`.
#[derive(Args)]
pub struct Pack {}

impl Pack {
    pub fn run(&self, ctx: &Context) -> CommandResult {
        let book = ctx.writing_book();
        let dir = book.dir().expect("a writing book has a directory");
        let r = convert::pack(dir)?;
        println!(
            "Packed {} positions of {} into {}{}",
            r.positions,
            book.describe(),
            pack::path(dir).display(),
            shadowed(r.shadowed)
        );
        Ok(ExitCode::SUCCESS)
    }
}

/// `huo-book unpack`.
#[derive(Args)]
pub struct Unpack {}

impl Unpack {
    pub fn run(&self, ctx: &Context) -> CommandResult {
        let book = ctx.writing_book();
        let dir = book.dir().expect("a writing book has a directory");
        let r = convert::unpack(dir)?;
        println!(
            "Unpacked {} positions of {} into their own files{}",
            r.positions,
            pack::path(dir).display(),
            shadowed(r.shadowed)
        );
        Ok(ExitCode::SUCCESS)
    }
}

/// The note on records a position file hid.
fn shadowed(n: usize) -> String {
    if n == 0 {
        String::new()
    } else {
        format!(" ({n} packed records under a position file dropped: the files were shown)")
    }
}
