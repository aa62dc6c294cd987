//! Build script: precomputes the attack tables of the move generator.
//!
//! Sliding pieces (rooks, bishops, queens) use "magic bitboards": for each square the
//! squares that can block the slider are masked out of the occupancy, multiplied by a magic
//! number and shifted, giving a perfect-hash index into a table of precomputed attack sets.
//! The magic numbers are found here by a seeded random search, so the tables are the same on
//! every build. Leaper attacks (knight, king, pawn) and the `between`/`line` tables used for
//! checks and pins are also generated here, so the engine reads plain `static` arrays.

use std::env;
use std::fmt::Write as _;
use std::fs;
use std::path::Path;

// The crate's random-number helpers (std only), for the magic-number search.
#[allow(dead_code)]
#[path = "src/util/rng.rs"]
mod rng;
use rng::XorShift;

// The packed book's line rules (std only), to read a packed built-in book as the program does.
#[allow(dead_code)]
#[path = "src/book/pack/text.rs"]
mod pack_text;

const ROOK_DIRS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

fn sq(file: i32, rank: i32) -> Option<u32> {
    ((0..8).contains(&file) && (0..8).contains(&rank)).then(|| (rank * 8 + file) as u32)
}

/// Attacks of a slider on `square` along `dirs`, stopping at (and including) blockers.
fn slider_attacks(square: u32, occupied: u64, dirs: &[(i32, i32)]) -> u64 {
    let (f0, r0) = ((square % 8) as i32, (square / 8) as i32);
    let mut attacks = 0;
    for &(df, dr) in dirs {
        let (mut f, mut r) = (f0 + df, r0 + dr);
        while let Some(s) = sq(f, r) {
            attacks |= 1u64 << s;
            if occupied & (1u64 << s) != 0 {
                break;
            }
            f += df;
            r += dr;
        }
    }
    attacks
}

/// The squares whose occupancy matters to a slider: its rays without the last square.
fn relevant_mask(square: u32, dirs: &[(i32, i32)]) -> u64 {
    let (f0, r0) = ((square % 8) as i32, (square / 8) as i32);
    let mut mask = 0;
    for &(df, dr) in dirs {
        let (mut f, mut r) = (f0 + df, r0 + dr);
        while sq(f + df, r + dr).is_some() {
            mask |= 1u64 << sq(f, r).unwrap();
            f += df;
            r += dr;
        }
    }
    mask
}

/// A number with few bits set: magic numbers are found faster among those.
fn sparse(rng: &mut XorShift) -> u64 {
    rng.next_u64() & rng.next_u64() & rng.next_u64()
}

struct Magic {
    mask: u64,
    magic: u64,
    shift: u32,
    offset: usize,
}

fn find_magics(dirs: &[(i32, i32)], table: &mut Vec<u64>, rng: &mut XorShift) -> Vec<Magic> {
    let mut magics = Vec::with_capacity(64);
    for square in 0..64 {
        let mask = relevant_mask(square, dirs);
        let bits = mask.count_ones();
        let size = 1usize << bits;
        let mut occupancies = Vec::with_capacity(size);
        let mut attacks = Vec::with_capacity(size);
        let mut subset = 0u64;
        loop {
            occupancies.push(subset);
            attacks.push(slider_attacks(square, subset, dirs));
            subset = subset.wrapping_sub(mask) & mask;
            if subset == 0 {
                break;
            }
        }
        let shift = 64 - bits;
        let mut slots = vec![0u64; size];
        let mut used = vec![0u32; size];
        let mut attempt = 0u32;
        let magic = loop {
            let candidate = sparse(rng);
            if (mask.wrapping_mul(candidate) >> 56).count_ones() < 6 {
                continue;
            }
            attempt += 1;
            let ok = occupancies.iter().zip(&attacks).all(|(&occ, &att)| {
                let index = (occ.wrapping_mul(candidate) >> shift) as usize;
                if used[index] != attempt {
                    used[index] = attempt;
                    slots[index] = att;
                    true
                } else {
                    slots[index] == att
                }
            });
            if ok {
                break candidate;
            }
        };
        let offset = table.len();
        table.extend_from_slice(&slots);
        magics.push(Magic {
            mask,
            magic,
            shift,
            offset,
        });
    }
    magics
}

fn leaper(square: u32, steps: &[(i32, i32)]) -> u64 {
    let (f0, r0) = ((square % 8) as i32, (square / 8) as i32);
    steps
        .iter()
        .filter_map(|&(df, dr)| sq(f0 + df, r0 + dr))
        .fold(0, |bb, s| bb | 1u64 << s)
}

fn write_array(out: &mut String, name: &str, ty: &str, values: &[u64]) {
    writeln!(out, "static {name}: [{ty}; {}] = [", values.len()).unwrap();
    for chunk in values.chunks(8) {
        for v in chunk {
            write!(out, "0x{v:x},").unwrap();
        }
        out.push('\n');
    }
    out.push_str("];\n");
}

fn write_magics(out: &mut String, name: &str, magics: &[Magic]) {
    writeln!(out, "static {name}: [Magic; 64] = [").unwrap();
    for m in magics {
        writeln!(
            out,
            "Magic {{ mask: 0x{:x}, magic: 0x{:x}, shift: {}, offset: {} }},",
            m.mask, m.magic, m.shift, m.offset
        )
        .unwrap();
    }
    out.push_str("];\n");
}

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=src/util/rng.rs");
    println!("cargo:rerun-if-changed=src/book/pack/text.rs");
    let mut rng = XorShift::new(0x4855_4f5f_4348_4553); // "HUO_CHES"
    let mut table = Vec::new();
    let rook = find_magics(&ROOK_DIRS, &mut table, &mut rng);
    let bishop = find_magics(&BISHOP_DIRS, &mut table, &mut rng);

    const KNIGHT: [(i32, i32); 8] = [
        (1, 2),
        (2, 1),
        (2, -1),
        (1, -2),
        (-1, -2),
        (-2, -1),
        (-2, 1),
        (-1, 2),
    ];
    const KING: [(i32, i32); 8] = [
        (1, 0),
        (1, 1),
        (0, 1),
        (-1, 1),
        (-1, 0),
        (-1, -1),
        (0, -1),
        (1, -1),
    ];
    let knight: Vec<u64> = (0..64).map(|s| leaper(s, &KNIGHT)).collect();
    let king: Vec<u64> = (0..64).map(|s| leaper(s, &KING)).collect();
    let white_pawn: Vec<u64> = (0..64).map(|s| leaper(s, &[(-1, 1), (1, 1)])).collect();
    let black_pawn: Vec<u64> = (0..64).map(|s| leaper(s, &[(-1, -1), (1, -1)])).collect();

    // between[a][b]: squares strictly between two aligned squares; line[a][b]: the whole line.
    let mut between = vec![0u64; 64 * 64];
    let mut line = vec![0u64; 64 * 64];
    for a in 0..64u32 {
        for b in 0..64u32 {
            if a == b {
                continue;
            }
            for dirs in [&ROOK_DIRS, &BISHOP_DIRS] {
                if slider_attacks(a, 0, dirs) & (1u64 << b) != 0 {
                    between[(a * 64 + b) as usize] =
                        slider_attacks(a, 1u64 << b, dirs) & slider_attacks(b, 1u64 << a, dirs);
                    line[(a * 64 + b) as usize] = (slider_attacks(a, 0, dirs)
                        & slider_attacks(b, 0, dirs))
                        | (1u64 << a)
                        | (1u64 << b);
                }
            }
        }
    }

    let mut out = String::with_capacity(4 << 20);
    out.push_str("// Generated by build.rs: attack tables. Do not edit.\n");
    write_magics(&mut out, "ROOK_MAGICS", &rook);
    write_magics(&mut out, "BISHOP_MAGICS", &bishop);
    write_array(&mut out, "SLIDER_TABLE", "u64", &table);
    write_array(&mut out, "KNIGHT_TABLE", "u64", &knight);
    write_array(&mut out, "KING_TABLE", "u64", &king);
    write_array(&mut out, "WHITE_PAWN_TABLE", "u64", &white_pawn);
    write_array(&mut out, "BLACK_PAWN_TABLE", "u64", &black_pawn);
    write_array(&mut out, "BETWEEN_TABLE", "u64", &between);
    write_array(&mut out, "LINE_TABLE", "u64", &line);

    let dest = Path::new(&env::var("OUT_DIR").unwrap()).join("attack_tables.rs");
    fs::write(dest, out).unwrap();

    embed_book();
}

/// Generates `$OUT_DIR/embedded_book.rs`: the default opening book of `books/`, one entry
/// per position file `books/xx/<16 hex digits>.txt` and per record of `books/packed.book`
/// (a position's file wins over its record, as in any book), sorted by key for a binary
/// search. A missing `books/` gives an empty book; a damaged pack stops the build, naming
/// the line.
fn embed_book() {
    println!("cargo:rerun-if-changed=books");
    let root = Path::new(&env::var("CARGO_MANIFEST_DIR").unwrap()).join("books");
    let mut entries: Vec<(u64, String)> = Vec::new();
    let packed = root.join("packed.book");
    // A missing path would rerun the script on every build; `books` above covers its creation.
    if packed.exists() {
        println!("cargo:rerun-if-changed={}", packed.display());
    }
    let mut records: Vec<(u64, String)> = Vec::new();
    if let Ok(text) = fs::read_to_string(&packed) {
        match pack_text::records(&text) {
            Ok(r) => records.extend(r.into_iter().map(|(k, t, _)| (k, t.to_string()))),
            Err(e) => panic!("{}: damaged packed book: {e}", packed.display()),
        }
    }
    if let Ok(folders) = fs::read_dir(&root) {
        for folder in folders.flatten() {
            let fname = folder.file_name().to_string_lossy().into_owned();
            if fname.len() != 2 || !fname.bytes().all(|b| b.is_ascii_hexdigit()) {
                continue;
            }
            let Ok(files) = fs::read_dir(folder.path()) else {
                continue;
            };
            for file in files.flatten() {
                let name = file.file_name().to_string_lossy().into_owned();
                let Some(stem) = name.strip_suffix(".txt") else {
                    continue;
                };
                if stem.len() != 16 || !stem.starts_with(&fname) {
                    continue;
                }
                let (Ok(key), Ok(text)) = (
                    u64::from_str_radix(stem, 16),
                    fs::read_to_string(file.path()),
                ) else {
                    continue;
                };
                entries.push((key, text));
            }
        }
    }
    // Files first, so that the stable sort keeps a file before the record it overrides.
    entries.extend(records);
    entries.sort_by_key(|e| e.0);
    entries.dedup_by_key(|e| e.0);
    let mut out = String::from(
        "// Generated by build.rs from books/. Do not edit.\n\
         static EMBEDDED_BOOK: &[(u64, &str)] = &[\n",
    );
    for (key, text) in &entries {
        writeln!(out, "(0x{key:016x}, {text:?}),").unwrap();
    }
    out.push_str("];\n");
    let dest = Path::new(&env::var("OUT_DIR").unwrap()).join("embedded_book.rs");
    fs::write(dest, out).unwrap();
}
