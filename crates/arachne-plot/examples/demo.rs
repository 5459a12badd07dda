//! Renders a demo chart: `cargo run -p arachne-plot --example demo -- /tmp/demo`.
use arachne_plot::{render, Chart, Series, Style};

fn main() {
    let stem = std::env::args().nth(1).unwrap_or_else(|| "demo".into());
    let series = (2..=4)
        .map(|d| Series {
            name: format!("D={d}"),
            points: (1..=20)
                .map(|n| (n as f64, (n as f64).powf(0.72 * d as f64 + 0.23)))
                .collect(),
            style: Style::LinePoints,
        })
        .collect();
    let chart = Chart {
        title: "demo: K·N^L".into(),
        x_label: "N".into(),
        y_label: "E[NBP]".into(),
        log_x: true,
        log_y: true,
        series,
    };
    let (svg, png) = render(&chart, std::path::Path::new(&stem)).expect("render");
    println!("{} {}", svg.display(), png.display());
}
