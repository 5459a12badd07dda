//! §7: the fits K_D · N^L_D (Table 7.1), the line L_D against D, the Monte Carlo spread,
//! and the depth ratios.
use super::*;

/// Table 7.1: a power fit per depth over `points`, and the line L_D against D with its rows;
/// returns the fits and the line.
pub(super) fn table_7_1(
    o: &Options,
    rep: &mut Report,
    md: &mut String,
    points: &[Point],
) -> (Vec<PowerFit>, Option<fit::Line>) {
    o.progress.message("Table 7.1 (fits)");
    let mut fits: Vec<PowerFit> = Vec::new();
    for d in 2..=9u32 {
        let pts: Vec<(f64, f64)> = points
            .iter()
            .filter(|p| p.d == d)
            .map(|p| (p.n as f64, p.mean))
            .collect();
        if let Some(f) = fit::power_fit(d, &pts) {
            fits.push(f);
        }
    }
    let l_pts: Vec<(f64, f64)> = std::iter::once((1.0, 1.0))
        .chain(fits.iter().map(|f| (f.d as f64, f.l)))
        .collect();
    let l_vs_d = fit::least_squares(&l_pts);
    let _ = writeln!(
        md,
        "\n# Table 7.1 and the fit E[NBP] ≈ K_D · N^L_D\n\nLeast squares of log E on log N over all our points of each depth (those of Figure 5.1, and for D = 9 the same grid). The paper gives K_D (Table 7.1) and L_D = .720 D + .227 in §7, but writes the approximation as K_D · N^(.720 D + .277) in §7 and in its summary (and checks it at D = 1: N^.997, which needs .277); both are shown.\n\n| D | points | K_D (ours) | K_D (paper) | rel. diff. | L_D (ours) | .720D+.227 | .720D+.277 | RMS rel. err. of E (ours) |\n|---|---|---|---|---|---|---|---|---|"
    );
    let mut csv = String::from("D,points,K_ours,K_paper,L_ours,L_paper_227,L_paper_277,rms_rel\n");
    let _ = writeln!(
        md,
        "| 1 | exact | 1.000 | 1.00 | 0 % | 1.0000 | 0.947 | 0.997 | 0 |"
    );
    rep.row(Row::exact(
        "Table 7.1",
        "K_1 (E[NBP_(N,1)] = N exactly)",
        (1.0, "1.00".into()),
        (1.0, "1.00".into()),
    ));
    for f in &fits {
        let kp = fit::PAPER_K[f.d as usize - 1];
        let l227 = 0.720 * f.d as f64 + 0.227;
        let l277 = 0.720 * f.d as f64 + 0.277;
        let _ = writeln!(
            md,
            "| {} | {} | {:.3} | {:.2} | {:+.1} % | {:.4} | {:.3} | {:.3} | {:.4} |",
            f.d,
            f.points,
            f.k,
            kp,
            100.0 * (f.k - kp) / kp,
            f.l,
            l227,
            l277,
            f.rms_rel
        );
        let _ = writeln!(
            csv,
            "{},{},{:.6},{kp},{:.6},{l227:.6},{l277:.6},{:.6}",
            f.d, f.points, f.k, f.l, f.rms_rel
        );
        let (lo, hi, first, rest) = local_exponents(points, f.d);
        rep.row(
            Row::compare("Table 7.1", format!("K_{}", f.d), kp, f.k, 0.05)
                .texts(format!("{kp:.2}"), format!("{:.3}", f.k))
                .because(format!("the fitted K_D trades against the fitted L_D, and both move with the N that enter the fit: E[NBP]'s local exponent falls from {first:.3} (N = 2 → 3) to {rest:.3} (N = 4 → {hi}), so our fit over N = {lo}..{hi} ({} points) takes L_D = {:.3} against the paper's .720·D + .227 = {l227:.3}, and K_D moves the other way (ln K_D by about −ΔL_D · mean ln N); the paper does not state its N", f.points, f.l)),
        );
    }
    for d in (2..=9u32).filter(|&d| !fits.iter().any(|f| f.d == d)) {
        rep.not_computed(
            "Table 7.1",
            format!("K_{d}"),
            format!("{:.2}", fit::PAPER_K[d as usize - 1]),
        );
    }
    rep.file("table_7_1.csv", csv);
    if let Some(l) = l_vs_d {
        l_d_rows(rep, md, &l, &l_pts, &fits, points);
    }
    (fits, l_vs_d)
}

/// The rows of the line L_D against D (slope, intercepts, errors), with their reason.
fn l_d_rows(
    rep: &mut Report,
    md: &mut String,
    l: &fit::Line,
    l_pts: &[(f64, f64)],
    fits: &[PowerFit],
    points: &[Point],
) {
    let rms = (l_pts
        .iter()
        .map(|&(d, v)| ((l.slope * d + l.intercept - v) / v).powi(2))
        .sum::<f64>()
        / l_pts.len() as f64)
        .sqrt();
    let _ = writeln!(
        md,
        "\nL_D against D (D = 1..9, with L_1 = 1 exactly): **L_D ≈ {:.4} D + {:.4}** (RMS relative error {:.4}). The paper: L_D = .720 D + .227 (RMS relative error about .007); slope difference {:+.1} %, intercept difference {:+.4} against .227 and {:+.4} against .277.",
        l.slope,
        l.intercept,
        rms,
        100.0 * (l.slope - 0.720) / 0.720,
        l.intercept - 0.227,
        l.intercept - 0.277
    );
    let deepest = fits.last().map_or(0, |f| f.d);
    let (_, hi9, first9, rest9) = local_exponents(points, deepest);
    let l9 = fits.last().map_or(0.0, |f| f.l);
    let ld_why = format!("L_D is fitted over our per-depth fits (D = 1..{deepest}), whose L_D move with the N that enter them: at D = {deepest} E[NBP]'s local exponent falls from {first9:.3} (N = 2 → 3) to {rest9:.3} (N = 4 → {hi9}), so a form that reaches larger N at the deeper D (the full form does) gets lower deep L_D (ours L_{deepest} = {l9:.3}, the paper's .720·{deepest} + .227 = {:.3}), a flatter line and a larger intercept; the paper does not state its N", 0.720 * deepest as f64 + 0.227);
    let ld_rows = [
        (
            "slope of L_D against D",
            0.720,
            l.slope,
            0.02,
            ".720",
            format!("{:.4}", l.slope),
        ),
        (
            "intercept of L_D against D, against the .227 of the paper's fit in §7",
            0.227,
            l.intercept,
            0.10,
            ".227",
            format!("{:.4}", l.intercept),
        ),
        (
            "intercept of L_D against D, against the .277 of the paper's final formula",
            0.277,
            l.intercept,
            0.10,
            ".277",
            format!("{:.4}", l.intercept),
        ),
        (
            "RMS relative error of the L_D line",
            0.007,
            rms,
            0.5,
            "≈ .007",
            format!("{rms:.4}"),
        ),
    ];
    for (quantity, paper, ours, tol, paper_text, ours_text) in ld_rows {
        rep.row(
            Row::compare("§7 (L_D fit)", quantity, paper, ours, tol)
                .texts(paper_text, ours_text)
                .because(ld_why.clone()),
        );
    }
    let mean_rms = fits.iter().map(|f| f.rms_rel).sum::<f64>() / fits.len().max(1) as f64;
    rep.row(
        Row::compare(
            "§7 (L_D fit)",
            "RMS relative error of K_D·N^L_D (mean over D)",
            0.015,
            mean_rms,
            0.5,
        )
        .texts("≈ .015", format!("{mean_rms:.4}"))
        .because(ld_why.clone()),
    );
}

/// The spread of the Monte Carlo points (sd/mean, 95 % half-width) against §7's.
pub(super) fn monte_carlo_spread(rep: &mut Report, md: &mut String, points: &[Point], trials: u64) {
    let mc: Vec<&Point> = points.iter().filter(|p| p.sd.is_some()).collect();
    if !mc.is_empty() {
        let range = |f: &dyn Fn(&Point) -> f64| {
            mc.iter()
                .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), p| {
                    (lo.min(f(p)), hi.max(f(p)))
                })
        };
        let (slo, shi) = range(&|p| p.sd.unwrap_or(0.0) / p.mean);
        let (clo, chi) = range(&|p| p.ci95.unwrap_or(0.0) / p.mean);
        let _ = writeln!(
            md,
            "\nOver our {} Monte Carlo points ({} trials each): sd/mean lies in [{slo:.3}, {shi:.3}] (the paper, 173 points: all in (.120, .215)); the 95 % half-width relative to the mean lies in [{clo:.4}, {chi:.4}] (the paper: .008 < R < .013 with 1000 trials).",
            mc.len(),
            trials
        );
        rep.row(
            Row::compare("§7 (Monte Carlo)", "smallest sd/mean", 0.120, slo, 0.25)
                .texts("> .120", format!("{slo:.3}")),
        );
        rep.row(
            Row::compare("§7 (Monte Carlo)", "largest sd/mean", 0.215, shi, 0.25)
                .texts("< .215", format!("{shi:.3}")),
        );
    }
}

/// Depth ratios DR and DR* (§7) at a few N.
pub(super) fn depth_ratios(rep: &mut Report, md: &mut String, points: &[Point]) {
    let _ = writeln!(
        md,
        "\n# Depth ratios (§7)\n\nDR = log NBP / log N^D (Slagle–Dixon); DR* = log NBP_x / log E[NBP_αβ]. The paper's approximation: DR_αβ ≈ .720 + .277/D + log K_D/(D log N); DR_PO ≈ 1/2 + log 2/(D log N).\n\n| D | N | E[NBP_αβ] | DR_αβ | paper's approx. | rel. diff. | DR_PO | DR*_PO |\n|---|---|---|---|---|---|---|---|"
    );
    let mut csv = String::from(
        "D,N,method,nbp_alphabeta,dr_alphabeta,dr_alphabeta_paper,nbp_po,dr_po,dr_star_po\n",
    );
    for p in points.iter().filter(|p| p.d <= 8) {
        if ![4, 10, 20, 35].contains(&p.n) {
            continue;
        }
        let dr = fit::depth_ratio(p.mean, p.n, p.d);
        let kd = fit::PAPER_K[p.d as usize - 1];
        let paper = 0.720 + 0.277 / p.d as f64 + kd.ln() / (p.d as f64 * (p.n as f64).ln());
        let po = ordering::nbp_perfect(p.n, p.d).unwrap_or(u64::MAX) as f64;
        let dr_po = fit::depth_ratio(po, p.n, p.d);
        let drs = fit::depth_ratio_star(po, p.mean);
        let _ = writeln!(
            md,
            "| {} | {} | {:.1} | {dr:.4} | {paper:.4} | {:+.2} % | {dr_po:.4} | {drs:.4} |",
            p.d,
            p.n,
            p.mean,
            100.0 * (dr - paper) / paper
        );
        let _ = writeln!(
            csv,
            "{},{},{},{:.6},{dr:.6},{paper:.6},{po},{dr_po:.6},{drs:.6}",
            p.d, p.n, p.method, p.mean
        );
    }
    rep.file("depth_ratios.csv", csv);
}

/// E[NBP]'s local exponents at depth `d` over `points`: (smallest N, largest N, the exponent
/// from N = 2 to 3, the chord's exponent from N = 4 to the largest N), the numbers the
/// Table 7.1 and L_D rows give as their reason (the fit's exponent moves with the N range).
fn local_exponents(points: &[Point], d: u32) -> (u32, u32, f64, f64) {
    let mut pts: Vec<(u32, f64)> = points
        .iter()
        .filter(|p| p.d == d)
        .map(|p| (p.n, p.mean))
        .collect();
    pts.sort_by_key(|p| p.0);
    let slope = |a: (u32, f64), b: (u32, f64)| (b.1 / a.1).ln() / (b.0 as f64 / a.0 as f64).ln();
    let at = |n: u32| pts.iter().copied().find(|p| p.0 == n);
    let (lo, hi) = (
        pts.first().map_or(0, |p| p.0),
        pts.last().copied().unwrap_or((0, 0.0)),
    );
    let first = match (at(2), at(3)) {
        (Some(a), Some(b)) => slope(a, b),
        _ => f64::NAN,
    };
    let rest = match at(4) {
        Some(a) if hi.0 > 4 => slope(a, hi),
        _ => f64::NAN,
    };
    (lo, hi.0, first, rest)
}
