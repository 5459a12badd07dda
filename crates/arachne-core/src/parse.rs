//! Parsing integers from user input with messages that say what is wrong: a number too large
//! or too small for its field is "out of range", not "not an integer".
use std::fmt::Display;
use std::num::ParseIntError;
use std::str::FromStr;

/// Integer types [`int`] parses.
pub trait Int: FromStr<Err = ParseIntError> + Copy + Display {
    /// Smallest value.
    const MIN: Self;
    /// Largest value.
    const MAX: Self;
}

macro_rules! ints {
    ($($t:ty),*) => {$(
        impl Int for $t {
            const MIN: Self = <$t>::MIN;
            const MAX: Self = <$t>::MAX;
        }
    )*};
}
ints!(i8, i16, i32, i64, u8, u16, u32, u64, usize);

/// True for an optional sign followed by decimal digits.
fn looks_numeric(v: &str) -> bool {
    let digits = v.strip_prefix(['-', '+']).unwrap_or(v);
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

/// Parses `v` as a `T`. The error is a phrase about `v` for a message such as
/// `iid: seed=… is out of range (0..=18446744073709551615)`.
pub fn int<T: Int>(v: &str) -> Result<T, String> {
    let v = v.trim();
    v.parse::<T>().map_err(|_| {
        if looks_numeric(v) {
            format!(
                "`{}` is out of range ({}..={})",
                clip(v, 40),
                T::MIN,
                T::MAX
            )
        } else {
            format!("`{}` is not an integer", clip(v, 40))
        }
    })
}

/// `s` cut to about `max` characters (the middle elided), with control characters blanked:
/// for echoing user input in one-line messages.
pub fn clip(s: &str, max: usize) -> String {
    let n = s.chars().count();
    let clean = |c: char| if c.is_control() { ' ' } else { c };
    if n <= max {
        return s.chars().map(clean).collect();
    }
    let head = max * 3 / 4;
    let tail = max.saturating_sub(head + 1);
    let mut out: String = s.chars().take(head).map(clean).collect();
    out.push_str(&format!("…[{} characters]…", n - head - tail));
    out.extend(s.chars().skip(n - tail).map(clean));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn out_of_range_is_not_called_not_an_integer() {
        assert_eq!(int::<u32>("7"), Ok(7));
        assert_eq!(int::<i32>(" -7 "), Ok(-7));
        let e = int::<u32>("4294967296").unwrap_err();
        assert!(e.contains("out of range (0..=4294967295)"), "{e}");
        let e = int::<i32>("-1000000000000").unwrap_err();
        assert!(e.contains("out of range"), "{e}");
        let e = int::<u64>("18446744073709551616").unwrap_err();
        assert!(e.contains("out of range"), "{e}");
        let e = int::<u32>("-1").unwrap_err();
        assert!(e.contains("out of range"), "{e}");
        let e = int::<u32>("x1").unwrap_err();
        assert!(e.contains("not an integer"), "{e}");
        let e = int::<u32>("").unwrap_err();
        assert!(e.contains("not an integer"), "{e}");
    }

    #[test]
    fn clip_keeps_short_strings_and_cuts_long_ones() {
        assert_eq!(clip("a\nb", 10), "a b");
        let long = "1".repeat(100_000);
        let c = clip(&long, 100);
        assert!(c.chars().count() < 130, "{c}");
        assert!(c.contains("characters"));
    }
}
