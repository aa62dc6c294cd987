//! Dates, counted in whole days since 1970-01-01: today's (the user's local date), as PGN writes it
//! (`2026.11.25`) and as ISO 8601 does (`2026-11-25`, read back by [`parse_iso`]).

/// The civil date (year, month, day) of `days` since 1970-01-01 (Howard Hinnant's
/// civil-from-days: shift the year to start in March so the leap day comes last).
pub fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

/// The days since 1970-01-01 of a civil date (the inverse of [`civil_from_days`], the
/// same March-first year). `None` for a month or day that does not exist.
pub fn days_from_civil(y: i64, m: u32, d: u32) -> Option<i64> {
    let month_days = match m {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if y % 4 == 0 && (y % 100 != 0 || y % 400 == 0) => 29,
        2 => 28,
        _ => return None,
    };
    if d == 0 || d > month_days {
        return None;
    }
    let y = y - i64::from(m <= 2);
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = i64::from(if m > 2 { m - 3 } else { m + 9 });
    let doy = (153 * mp + 2) / 5 + i64::from(d) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    Some(era * 146_097 + doe - 719_468)
}

/// Today where the user is: the days since 1970-01-01 of the local date (the day rolls
/// over at local midnight, as a person's day does), from the system clock and time zone.
pub fn today() -> i64 {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64);
    (secs + utc_offset(secs)).div_euclid(86_400)
}

/// How far local time is ahead of UTC at `secs` since 1970, in seconds (the time zone's
/// rules, summer time included), as the C library knows it from `TZ` or the system.
#[cfg(unix)]
fn utc_offset(secs: i64) -> i64 {
    let t = secs as libc::time_t;
    let mut tm = std::mem::MaybeUninit::<libc::tm>::zeroed();
    // SAFETY: `localtime_r` only reads `t` and fills the `tm` we own; it returns null,
    // leaving nothing to read, when it cannot convert.
    unsafe {
        if libc::localtime_r(&t, tm.as_mut_ptr()).is_null() {
            return 0;
        }
        // `c_long`: 64 bits here, 32 on 32-bit systems.
        #[allow(clippy::unnecessary_cast)]
        let offset = tm.assume_init().tm_gmtoff as i64;
        offset
    }
}

/// Without the C library's time zones, the day is UTC's.
#[cfg(not(unix))]
fn utc_offset(_secs: i64) -> i64 {
    0
}

/// Today as a PGN `Date` tag: `YYYY.MM.DD`.
pub fn pgn_today() -> String {
    let (y, m, d) = civil_from_days(today());
    format!("{y:04}.{m:02}.{d:02}")
}

/// A day as ISO 8601 writes it: `2026-11-25`.
pub fn iso(days: i64) -> String {
    let (y, m, d) = civil_from_days(days);
    format!("{y:04}-{m:02}-{d:02}")
}

/// Reads `YYYY-MM-DD` (four-digit year, two-digit month and day) as days since 1970-01-01.
pub fn parse_iso(text: &str) -> Option<i64> {
    let b = text.as_bytes();
    let digits = |r: std::ops::Range<usize>| b[r].iter().all(u8::is_ascii_digit);
    if b.len() != 10 || b[4] != b'-' || b[7] != b'-' || !digits(0..4) || !digits(5..7) {
        return None;
    }
    if !digits(8..10) {
        return None;
    }
    let y = text[0..4].parse().ok()?;
    let m = text[5..7].parse().ok()?;
    let d = text[8..10].parse().ok()?;
    days_from_civil(y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_days() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        assert_eq!(civil_from_days(20_417), (2025, 11, 25));
        assert_eq!(civil_from_days(-1), (1969, 12, 31));
    }

    #[test]
    fn iso_dates_both_ways() {
        for days in [-1, 0, 11_016, 20_417, 2_932_896] {
            let (y, m, d) = civil_from_days(days);
            assert_eq!(days_from_civil(y, m, d), Some(days));
            assert_eq!(parse_iso(&iso(days)), Some(days));
        }
        assert_eq!(iso(20_417), "2025-11-25");
        assert_eq!(parse_iso("2000-02-29"), Some(11_016));
        for bad in [
            "2001-02-29",
            "2026-13-01",
            "2026-00-10",
            "2026-1-10",
            "26-01-10",
            "2026/01/10",
            "2026-01-1x",
            "",
        ] {
            assert_eq!(parse_iso(bad), None, "{bad}");
        }
    }
}
