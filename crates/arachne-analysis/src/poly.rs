//! Dense polynomials with big-integer coefficients: just what the exact methods need.
//!
//! A polynomial is a `Vec<BigInt>` of coefficients, lowest power first.
use num_bigint::BigInt;
use num_traits::Zero;

/// `p(1 - s)` as a polynomial in `s`.
///
/// Taylor shift by one (`p(x + 1)`, by repeated synthetic division: only additions, `O(e²)`
/// for degree `e`) followed by `s → -s`.
pub fn reflect(p: &[BigInt]) -> Vec<BigInt> {
    let mut a = p.to_vec();
    trim(&mut a);
    let n = a.len();
    if n > 1 {
        for i in 0..n - 1 {
            // a[j] += a[j + 1] for j = n-2 down to i
            for j in (i..n - 1).rev() {
                let (lo, hi) = a.split_at_mut(j + 1);
                lo[j] += &hi[0];
            }
        }
    }
    for (k, c) in a.iter_mut().enumerate() {
        if k % 2 == 1 {
            *c = -std::mem::take(c);
        }
    }
    a
}

/// Drops high zero coefficients.
pub fn trim(p: &mut Vec<BigInt>) {
    while p.last().is_some_and(|c| c.is_zero()) {
        p.pop();
    }
}

/// Evaluates `p(x)` for a rational `x` (tests).
#[cfg(test)]
pub fn eval(p: &[BigInt], x: &num_rational::BigRational) -> num_rational::BigRational {
    let mut acc = num_rational::BigRational::zero();
    for c in p.iter().rev() {
        acc = acc * x + num_rational::BigRational::from_integer(c.clone());
    }
    acc
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_rational::BigRational;

    fn big(v: &[i64]) -> Vec<BigInt> {
        v.iter().map(|&x| BigInt::from(x)).collect()
    }

    #[test]
    fn reflect_matches_evaluation() {
        let p = big(&[3, -1, 4, 1, -5, 9, 2, -6]);
        let r = reflect(&p);
        for k in -3..=3i64 {
            let s = BigRational::new(BigInt::from(k), BigInt::from(7));
            let one_minus_s = BigRational::from_integer(BigInt::from(1)) - &s;
            assert_eq!(eval(&r, &s), eval(&p, &one_minus_s));
        }
    }

    #[test]
    fn reflect_small() {
        // p(x) = x²  →  (1-s)² = 1 - 2s + s²
        assert_eq!(reflect(&big(&[0, 0, 1])), big(&[1, -2, 1]));
        assert_eq!(reflect(&big(&[5])), big(&[5]));
        assert!(reflect(&[]).is_empty());
    }
}
