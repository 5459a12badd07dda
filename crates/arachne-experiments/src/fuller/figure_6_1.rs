//! Figure 6.1: depth 3, E[NBP] against N for R distinct equally likely bottom values (Monte
//! Carlo), against the continuous exact value and perfect ordering.
use super::*;

/// Figure 6.1's setup, table, rows, CSV and plot.
pub(super) fn figure_6_1(o: &Options, rep: &mut Report, md: &mut String) {
    let (ranges, n61, t61): (Vec<u32>, Vec<u32>, u64) = if o.quick {
        (vec![1, 2, 3, 5, 10, 100], vec![2, 4, 6, 8, 10, 15], 200)
    } else {
        (
            vec![1, 2, 3, 4, 5, 10, 20, 50, 100, 1000],
            vec![2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 30],
            1000,
        )
    };
    rep.setup(
        "Figure 6.1",
        format!(
            "D = 3, R ∈ {{{}}} distinct equally likely values, N ∈ {{{}}}, {t61} trials per point, ties cut off (a value equal to the bound prunes)",
            ranges.iter().map(|r| r.to_string()).collect::<Vec<_>>().join(", "),
            n61.iter().map(|r| r.to_string()).collect::<Vec<_>>().join(", ")
        ),
    );
    let _ = writeln!(
        md,
        "\n# Figure 6.1: D = 3, effect of the number R of distinct equally likely bottom values\n\nMonte Carlo, {t61} trials per point, ties cut off. The paper: R = 1 is in effect perfect ordering, and as R grows E[NBP] approaches the continuous (exact) value.\n\n| N | {} | continuous (exact) | perfect ordering |\n|---|{}---|---|",
        ranges.iter().map(|r| format!("R={r}")).collect::<Vec<_>>().join(" | "),
        "---|".repeat(ranges.len())
    );
    let (rows, mut csv, mut series) = monte_carlo(o, &ranges, &n61, t61);
    let exact3: Vec<f64> = n61
        .iter()
        .map(|&n| to_f64(&product::expected_nbp(n, 3)))
        .collect();
    let po3: Vec<u64> = n61
        .iter()
        .map(|&n| ordering::nbp_perfect(n, 3).unwrap_or(0))
        .collect();
    for (i, &n) in n61.iter().enumerate() {
        let _ = writeln!(
            md,
            "| {n} | {} | {:.2} | {} |",
            rows[i]
                .iter()
                .map(|x| format!("{:.2} ± {:.2}", x.mean, x.ci95))
                .collect::<Vec<_>>()
                .join(" | "),
            exact3[i],
            po3[i]
        );
        let _ = writeln!(csv, "inf,{n},{:.6},,", exact3[i]);
    }
    let last = n61.len() - 1;
    let nl = n61[last];
    rep.row(
        Row::compare(
            "Figure 6.1",
            format!("R = 1, N = {nl}: NBP equals perfect ordering's"),
            po3[last] as f64,
            rows[last][0].mean,
            0.0,
        )
        .texts(
            format!("{} (perfect ordering)", po3[last]),
            format!("{:.2}", rows[last][0].mean),
        ),
    );
    let rl = *ranges.last().unwrap_or(&1);
    let top = rows[last].last().map(|s| s.mean).unwrap_or(f64::NAN);
    rep.row(
        Row::compare(
            "Figure 6.1",
            format!("R = {rl}, N = {nl}: E[NBP] approaches the continuous value"),
            exact3[last],
            top,
            0.05,
        )
        .texts(
            format!("{:.2} (continuous, exact)", exact3[last]),
            format!("{top:.2}"),
        ),
    );
    let monotone = rows.iter().all(|r| {
        r.windows(2)
            .all(|w| w[1].mean >= w[0].mean - 2.0 * (w[0].ci95 + w[1].ci95))
    });
    rep.row(Row::claim(
        "Figure 6.1",
        "E[NBP] grows with R at every N (within the 95 % intervals)",
        monotone,
    ));
    series.push(Series {
        name: "continuous (exact)".into(),
        points: n61
            .iter()
            .map(|&n| n as f64)
            .zip(exact3.iter().copied())
            .collect(),
        style: Style::Line,
    });
    series.push(Series {
        name: "perfect ordering".into(),
        points: n61
            .iter()
            .map(|&n| n as f64)
            .zip(po3.iter().map(|&x| x as f64))
            .collect(),
        style: Style::Line,
    });
    rep.file("figure_6_1.csv", csv);
    rep.plot(
        "figure_6_1",
        format!("Figure 6.1: depth 3, E[NBP] against N for R distinct bottom values (Monte Carlo, {t61} trials, bars: 95 % intervals), the continuous exact curve and perfect ordering; N linear (every N labelled), E[NBP] logarithmic"),
        Chart {
            title: "Figure 6.1: depth 3, effect of the range R of the evaluation".into(),
            x_label: "branching factor N (moves per position)".into(),
            y_label: "bottom positions examined E[NBP] (positions)".into(),
            log_x: false,
            log_y: true,
            series,
        },
    );
}

/// The Monte Carlo points of Figure 6.1: per N, one summary per R; the CSV lines and the
/// plot's series so far.
fn monte_carlo(
    o: &Options,
    ranges: &[u32],
    n61: &[u32],
    t61: u64,
) -> (Vec<Vec<montecarlo::Summary>>, String, Vec<Series>) {
    let mut csv = String::from("R,N,mean,sd,ci95\n");
    let mut series = Vec::new();
    let mut rows: Vec<Vec<montecarlo::Summary>> = vec![Vec::new(); n61.len()];
    for &r in ranges {
        o.progress.message(format!("Figure 6.1, R = {r}"));
        let mut pts = Vec::new();
        let mut bars = Vec::new();
        for (i, &n) in n61.iter().enumerate() {
            let m = montecarlo::run(
                n,
                3,
                TreeModel::Iid { range: Some(r) },
                t61,
                o.seed ^ 0x6161 ^ ((r as u64) << 20 | n as u64),
                false,
            );
            let _ = writeln!(
                csv,
                "{r},{n},{:.4},{:.4},{:.4}",
                m.nbp.mean, m.nbp.sd, m.nbp.ci95
            );
            pts.push((n as f64, m.nbp.mean));
            bars.push((n as f64, m.nbp.mean - m.nbp.ci95));
            bars.push((n as f64, m.nbp.mean + m.nbp.ci95));
            rows[i].push(m.nbp);
        }
        series.push(Series {
            name: format!("R={r}"),
            points: pts,
            style: Style::LinePoints,
        });
        series.push(Series {
            name: format!("R={r}"),
            points: bars,
            style: Style::Segments,
        });
    }
    (rows, csv, series)
}
