//! The empirical fits of seed 001 §7: `E[NBP_{N,D}] ≈ K_D · N^{L_D}` by least squares of
//! `log E` against `log N` for each depth, `L_D ≈ a·D + b` (the paper: `.720 D + .227`), and
//! Slagle and Dixon's depth ratios `DR = log NBP / log NBP_MM` and `DR* = log NBP_x / log NBP_αβ`.

/// A least-squares straight line `y = slope · x + intercept`.
#[derive(Copy, Clone, Debug, PartialEq, serde::Serialize)]
pub struct Line {
    /// Slope.
    pub slope: f64,
    /// Intercept.
    pub intercept: f64,
}

/// Least-squares line through `(x, y)` points (at least two distinct `x`).
pub fn least_squares(pts: &[(f64, f64)]) -> Option<Line> {
    let n = pts.len() as f64;
    if pts.len() < 2 {
        return None;
    }
    let mx = pts.iter().map(|p| p.0).sum::<f64>() / n;
    let my = pts.iter().map(|p| p.1).sum::<f64>() / n;
    let sxx: f64 = pts.iter().map(|p| (p.0 - mx) * (p.0 - mx)).sum();
    let sxy: f64 = pts.iter().map(|p| (p.0 - mx) * (p.1 - my)).sum();
    if sxx <= 0.0 {
        return None;
    }
    let slope = sxy / sxx;
    Some(Line {
        slope,
        intercept: my - slope * mx,
    })
}

/// The fit `E ≈ K · N^L` for one depth.
#[derive(Copy, Clone, Debug, PartialEq, serde::Serialize)]
pub struct PowerFit {
    /// Depth.
    pub d: u32,
    /// `K_D`.
    pub k: f64,
    /// `L_D`.
    pub l: f64,
    /// RMS relative error of `log E` (the paper: about .004).
    pub rms_rel_log: f64,
    /// RMS relative error of `E` (the paper: about .015).
    pub rms_rel: f64,
    /// Number of points.
    pub points: usize,
}

/// Fits `E ≈ K N^L` to `(N, E)` points of one depth.
pub fn power_fit(d: u32, pts: &[(f64, f64)]) -> Option<PowerFit> {
    let logs: Vec<(f64, f64)> = pts.iter().map(|&(n, e)| (n.ln(), e.ln())).collect();
    let line = least_squares(&logs)?;
    let m = pts.len() as f64;
    let rms_rel_log = (logs
        .iter()
        .map(|&(x, y)| ((line.slope * x + line.intercept - y) / y).powi(2))
        .sum::<f64>()
        / m)
        .sqrt();
    let rms_rel = (pts
        .iter()
        .map(|&(n, e)| ((line.intercept.exp() * n.powf(line.slope) - e) / e).powi(2))
        .sum::<f64>()
        / m)
        .sqrt();
    Some(PowerFit {
        d,
        k: line.intercept.exp(),
        l: line.slope,
        rms_rel_log,
        rms_rel,
        points: pts.len(),
    })
}

/// The paper's Table 7.1: `K_D` for `D = 1..=9`.
pub const PAPER_K: [f64; 9] = [1.00, 1.12, 1.30, 1.39, 1.51, 1.59, 1.67, 1.71, 1.73];
/// The paper's fit `L_D = .720 D + .227` (§7; the text also writes .277 in places).
pub const PAPER_L: Line = Line {
    slope: 0.720,
    intercept: 0.227,
};

/// Slagle–Dixon depth ratio `log NBP_x / log N^D`.
pub fn depth_ratio(nbp: f64, n: u32, d: u32) -> f64 {
    nbp.ln() / (d as f64 * (n as f64).ln())
}

/// `DR* = log NBP_x / log E[NBP_αβ]`.
pub fn depth_ratio_star(nbp_x: f64, nbp_alphabeta: f64) -> f64 {
    nbp_x.ln() / nbp_alphabeta.ln()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_power_law_is_recovered() {
        let pts: Vec<(f64, f64)> = (2..10)
            .map(|n| (n as f64, 1.5 * (n as f64).powf(2.3)))
            .collect();
        let f = power_fit(3, &pts).unwrap();
        assert!((f.k - 1.5).abs() < 1e-9 && (f.l - 2.3).abs() < 1e-9);
        assert!(f.rms_rel < 1e-9);
        assert!(least_squares(&[(1.0, 2.0)]).is_none());
    }
}
