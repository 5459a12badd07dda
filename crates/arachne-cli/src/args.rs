//! Value parsers for the numeric flags: a negative number, a number outside the flag's range
//! and a word that is not a number each get a message that says so, in clap's one line
//! (`invalid value '-1' for '--depth <DEPTH>': negative numbers are not allowed`). The flags
//! that use them also set `allow_negative_numbers`, so that `--depth -1` reaches the parser
//! instead of being taken for an unknown flag `-1`.

/// `s` as an integer in `lo..=hi`.
fn natural(s: &str, lo: u64, hi: u64) -> Result<u64, String> {
    let t = s.trim();
    if let Some(rest) = t.strip_prefix('-') {
        return Err(if rest.parse::<f64>().is_ok() {
            if rest.bytes().all(|b| b == b'0') {
                // `-0` is zero.
                return natural(rest, lo, hi);
            }
            "negative numbers are not allowed".to_string()
        } else {
            format!("`{}` is not an integer", arachne_core::parse::clip(t, 40))
        });
    }
    let digits = t.strip_prefix('+').unwrap_or(t);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!(
            "`{}` is not an integer",
            arachne_core::parse::clip(t, 40)
        ));
    }
    let range = || {
        if hi == u64::MAX {
            format!("must be at least {lo}")
        } else {
            format!("must be in {lo}..={hi}")
        }
    };
    match digits.parse::<u128>() {
        Ok(x) if (lo as u128..=hi as u128).contains(&x) => Ok(x as u64),
        _ => Err(range()),
    }
}

macro_rules! parsers {
    ($($(#[$doc:meta])* $name:ident: $t:ty = $lo:expr, $hi:expr;)*) => {$(
        $(#[$doc])*
        pub fn $name(s: &str) -> Result<$t, String> {
            natural(s, $lo as u64, $hi as u64).map(|x| x as $t)
        }
    )*};
}

parsers! {
    /// A search depth in plies (`search`, `play`): 1..=200.
    depth: u32 = 1, crate::cmd::search::MAX_DEPTH;
    /// A perft depth: 0..=64.
    perft_depth: u32 = 0, 64;
    /// Any non-negative `u64` (seeds, milliseconds).
    any_u64: u64 = 0, u64::MAX;
    /// Any non-negative `u32`.
    any_u32: u32 = 0, u32::MAX;
    /// A positive `u64` (node budgets).
    positive_u64: u64 = 1, u64::MAX;
    /// A positive `u32` (counts whose upper bound is checked where it is known).
    positive_u32: u32 = 1, u32::MAX;
    /// `--procs`: 1..=65536 (the simulator's most; threads and MPI check their own).
    procs: u32 = 1, arachne_parallel::MAX_SIM_PROCS;
    /// `--threads`: 1..=256.
    threads: u32 = 1, arachne_parallel::smp::MAX_THREADS;
    /// `--hash` in MiB: 0..=65536 (0: no table, where the table is optional).
    hash: usize = 0, arachne_core::tt::MAX_MIB;
    /// `--memory` in MiB: 1..=1048576.
    memory: u64 = 1, 1u64 << 20;
    /// Any non-negative `usize`.
    any_usize: usize = 0, u32::MAX;
}

/// A non-negative finite number.
pub fn non_negative_f64(s: &str) -> Result<f64, String> {
    match s.trim().parse::<f64>() {
        Ok(x) if x.is_finite() && x >= 0.0 => Ok(x),
        Ok(x) if x < 0.0 => Err("negative numbers are not allowed".into()),
        Ok(_) => Err("must be a finite number".into()),
        Err(_) => Err(format!(
            "`{}` is not a number",
            arachne_core::parse::clip(s.trim(), 40)
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_say_what_is_wrong() {
        assert_eq!(depth("7"), Ok(7));
        assert_eq!(depth("-0").unwrap_err(), "must be in 1..=200");
        assert_eq!(depth("-1").unwrap_err(), "negative numbers are not allowed");
        assert_eq!(
            any_u64("-5").unwrap_err(),
            "negative numbers are not allowed"
        );
        assert_eq!(depth("4294967296").unwrap_err(), "must be in 1..=200");
        assert_eq!(depth("0").unwrap_err(), "must be in 1..=200");
        assert!(depth("x").unwrap_err().contains("not an integer"));
        assert!(depth("-x").unwrap_err().contains("not an integer"));
        assert_eq!(any_u64("18446744073709551615"), Ok(u64::MAX));
        assert_eq!(
            positive_u64("18446744073709551616").unwrap_err(),
            "must be at least 1"
        );
        assert_eq!(perft_depth("0"), Ok(0));
        assert_eq!(
            non_negative_f64("-1").unwrap_err(),
            "negative numbers are not allowed"
        );
        assert!(non_negative_f64("inf").is_err());
    }
}
