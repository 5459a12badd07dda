//! Exact sums of fractions whose denominators are known products of small integers.
//!
//! The exact E\[NBP\] values have denominators of tens of thousands of digits, and
//! `num-bigint`'s gcd is quadratic in the size of its arguments. But every denominator here is a
//! product of small integers (`a + 1 + iN`), so the sum is put over the least common multiple
//! of the denominators (computed from their factorisations) and reduced prime by prime by trial
//! division of the numerator.
use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, Zero};
use std::collections::BTreeMap;

/// A fraction `num / Π factors` (every factor ≥ 1).
pub struct Term {
    /// Numerator.
    pub num: BigInt,
    /// The denominator as a list of small factors.
    pub factors: Vec<u64>,
}

/// `Σ terms + whole`, in lowest terms.
pub fn sum(terms: &[Term], whole: &BigInt) -> BigRational {
    let max = terms
        .iter()
        .flat_map(|t| t.factors.iter().copied())
        .max()
        .unwrap_or(1);
    assert!(
        terms.iter().all(|t| t.factors.iter().all(|&f| f >= 1)),
        "reduce::sum: zero factor"
    );
    let spf = sieve(max as usize);
    let exps: Vec<BTreeMap<u64, u32>> = terms
        .iter()
        .map(|t| {
            let mut m = BTreeMap::new();
            for &f in &t.factors {
                let mut f = f as usize;
                while f > 1 {
                    let p = spf[f] as usize;
                    *m.entry(p as u64).or_insert(0) += 1;
                    f /= p;
                }
            }
            m
        })
        .collect();
    let mut lcm: BTreeMap<u64, u32> = BTreeMap::new();
    for m in &exps {
        for (&p, &e) in m {
            let x = lcm.entry(p).or_insert(0);
            *x = (*x).max(e);
        }
    }
    let mut num = whole * product(lcm.iter().map(|(&p, &e)| BigInt::from(p).pow(e)).collect());
    for (t, m) in terms.iter().zip(&exps) {
        let cofactor = product(
            lcm.iter()
                .filter_map(|(&p, &e)| {
                    let k = e - m.get(&p).copied().unwrap_or(0);
                    (k > 0).then(|| BigInt::from(p).pow(k))
                })
                .collect(),
        );
        num += &t.num * cofactor;
    }
    reduce(num, lcm)
}

/// `num / Π p^e` in lowest terms.
fn reduce(mut num: BigInt, mut den: BTreeMap<u64, u32>) -> BigRational {
    if num.is_zero() {
        return BigRational::zero();
    }
    for (&p, k) in den.iter_mut() {
        if p == 2 {
            let tz = num.magnitude().trailing_zeros().unwrap_or(0);
            let c = tz.min(*k as u64) as u32;
            num >>= c as usize;
            *k -= c;
            continue;
        }
        // Divide by the largest power of p in a u64 while possible, then one at a time.
        let mut chunk = 1u32;
        let mut pk = p;
        while let Some(x) = pk.checked_mul(p) {
            pk = x;
            chunk += 1;
        }
        while *k >= chunk {
            let (q, r) = num.div_rem(&BigInt::from(pk));
            if !r.is_zero() {
                break;
            }
            num = q;
            *k -= chunk;
        }
        while *k > 0 {
            let (q, r) = num.div_rem(&BigInt::from(p));
            if !r.is_zero() {
                break;
            }
            num = q;
            *k -= 1;
        }
    }
    let den = product(
        den.iter()
            .filter(|(_, &e)| e > 0)
            .map(|(&p, &e)| BigInt::from(p).pow(e))
            .collect(),
    );
    BigRational::new_raw(num, den)
}

fn sieve(max: usize) -> Vec<u32> {
    let mut spf: Vec<u32> = (0..=max as u32).collect();
    let mut i = 2;
    while i * i <= max {
        if spf[i] == i as u32 {
            let mut j = i * i;
            while j <= max {
                if spf[j] == j as u32 {
                    spf[j] = i as u32;
                }
                j += i;
            }
        }
        i += 1;
    }
    spf
}

/// Product of many integers by a balanced tree.
pub fn product(mut v: Vec<BigInt>) -> BigInt {
    if v.is_empty() {
        return BigInt::one();
    }
    while v.len() > 1 {
        let mut next = Vec::with_capacity(v.len().div_ceil(2));
        let mut it = v.into_iter();
        while let Some(a) = it.next() {
            next.push(match it.next() {
                Some(b) => a * b,
                None => a,
            });
        }
        v = next;
    }
    v.pop().expect("one left")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_rational_arithmetic() {
        type Case<'a> = (&'a [(i64, &'a [u64])], i64);
        let cases: &[Case] = &[
            (&[(12, &[2, 3, 4])], 0),
            (&[(-360, &[2, 2, 2, 9, 5, 7]), (7, &[6, 10])], 3),
            (&[(1, &[1])], -2),
            (&[(0, &[5])], 0),
            (&[(1 << 40, &[1 << 10, 1 << 11, 3]), (5, &[81, 243])], 1),
            (&[(3i64.pow(30) * 5, &[243, 729, 25]), (1, &[7, 49])], 0),
        ];
        for &(terms, whole) in cases {
            let mut want = BigRational::from_integer(whole.into());
            let ts: Vec<Term> = terms
                .iter()
                .map(|&(num, factors)| {
                    let den: BigInt = factors.iter().map(|&f| BigInt::from(f)).product();
                    want += BigRational::new(num.into(), den);
                    Term {
                        num: num.into(),
                        factors: factors.to_vec(),
                    }
                })
                .collect();
            let got = sum(&ts, &BigInt::from(whole));
            assert_eq!(got.numer(), want.numer());
            assert_eq!(got.denom(), want.denom());
        }
    }
}
