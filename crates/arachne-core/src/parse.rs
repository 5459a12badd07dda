//! Parsing user input with messages that say what is wrong: `name[:key=value,...]` specs
//! ([`Spec`], the one parser behind algorithm, game, cost-model, distribution and per-side
//! `play` specs), and integers (a number too large or too small for its field is "out of
//! range", not "not an integer").
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

/// A parsed `name[:key=value,...]` spec: the name and the key/value pairs in the order given,
/// both trimmed. Every spec on the command line (algorithms, games, cost models, distributions,
/// per-side `play` options) goes through [`Spec::parse`], so they all refuse the same things the
/// same way: a pair without `=`, an empty key, and a key given twice. Empty pairs (`a:,k=1,`)
/// are skipped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spec {
    /// The part before the first `:`, trimmed (case kept: callers compare as they need).
    pub name: String,
    /// The pairs after the first `:`, in order, keys and values trimmed.
    pub pairs: Vec<(String, String)>,
}

impl Spec {
    /// Splits `s` into a name and ordered pairs. `what` names the kind of spec in messages
    /// (`algorithm`, `game spec`, `cost model`, …); every message is one line naming the
    /// offending key or pair.
    pub fn parse(s: &str, what: &str) -> Result<Spec, String> {
        let (name, rest) = match s.split_once(':') {
            Some((n, r)) => (n.trim(), r),
            None => (s.trim(), ""),
        };
        let mut pairs: Vec<(String, String)> = Vec::new();
        for part in rest.split(',').filter(|p| !p.trim().is_empty()) {
            let Some((k, v)) = part.split_once('=') else {
                return Err(format!(
                    "{what} `{}`: expected key=value, found `{}`",
                    clip(name, 40),
                    clip(part.trim(), 40)
                ));
            };
            let (k, v) = (k.trim(), v.trim());
            if k.is_empty() {
                return Err(format!(
                    "{what} `{}`: `{}` has no key before `=`",
                    clip(name, 40),
                    clip(part.trim(), 40)
                ));
            }
            if pairs.iter().any(|(seen, _)| seen == k) {
                return Err(format!(
                    "{what} `{}`: key `{}` given twice",
                    clip(name, 40),
                    clip(k, 40)
                ));
            }
            pairs.push((k.to_string(), v.to_string()));
        }
        Ok(Spec {
            name: name.to_string(),
            pairs,
        })
    }

    /// Removes `key` and returns its value.
    pub fn take(&mut self, key: &str) -> Option<String> {
        let i = self.pairs.iter().position(|(k, _)| k == key)?;
        Some(self.pairs.remove(i).1)
    }

    /// The first key not taken, if any (for "unknown option" messages).
    pub fn leftover(&self) -> Option<&str> {
        self.pairs.first().map(|(k, _)| k.as_str())
    }

    /// The pairs as `k=v,...` (e.g. to hand the rest of a spec on).
    pub fn joined(&self) -> String {
        self.pairs
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join(",")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_split_and_refuse_duplicates_and_malformed_pairs() {
        let s = Spec::parse(" jamboree : serial = 3 ,, x=a:b ", "algorithm").unwrap();
        assert_eq!(s.name, "jamboree");
        assert_eq!(
            s.pairs,
            vec![
                ("serial".to_string(), "3".to_string()),
                ("x".to_string(), "a:b".to_string())
            ]
        );
        assert_eq!(Spec::parse("unit", "cost model").unwrap().pairs, vec![]);
        let e = Spec::parse("jamboree:serial=3,serial=4", "algorithm").unwrap_err();
        assert!(
            e.contains("`serial` given twice") && e.contains("jamboree"),
            "{e}"
        );
        let e = Spec::parse("rbfm:seed", "algorithm").unwrap_err();
        assert!(
            e.contains("expected key=value") && e.contains("`seed`"),
            "{e}"
        );
        let e = Spec::parse("unit:=4", "cost model").unwrap_err();
        assert!(e.contains("no key"), "{e}");
        let mut s = Spec::parse("a:k=1,j=2", "x").unwrap();
        assert_eq!(s.take("j").as_deref(), Some("2"));
        assert_eq!(s.joined(), "k=1");
        assert_eq!(s.leftover(), Some("k"));
        assert_eq!(s.take("j"), None);
    }

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
