//! Renders small charts into a temporary directory and checks both files.
use arachne_plot::{render, Chart, Series, Style};
use std::path::PathBuf;

fn tmp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("arachne-plot-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

fn chart(log_x: bool, log_y: bool) -> Chart {
    Chart {
        title: "E[NBP] vs N — test".into(),
        x_label: "N".into(),
        y_label: "bottom positions".into(),
        log_x,
        log_y,
        series: vec![
            Series {
                name: "D=2".into(),
                points: (1..=10).map(|n| (n as f64, (n as f64).powf(1.6))).collect(),
                style: Style::LinePoints,
            },
            Series {
                name: "D=3".into(),
                points: (1..=10).map(|n| (n as f64, (n as f64).powf(2.3))).collect(),
                style: Style::Line,
            },
            Series {
                name: "exact".into(),
                points: vec![(2.0, 3.2), (3.0, 5.9)],
                style: Style::Points,
            },
        ],
    }
}

#[test]
fn renders_svg_and_png_on_all_axis_kinds() {
    let dir = tmp_dir("all");
    for (i, (lx, ly)) in [(false, false), (true, false), (false, true), (true, true)]
        .into_iter()
        .enumerate()
    {
        let (svg, png) = render(&chart(lx, ly), &dir.join(format!("sub/chart{i}"))).unwrap();
        assert_eq!(svg, dir.join(format!("sub/chart{i}.svg")));
        assert_eq!(png, dir.join(format!("sub/chart{i}.png")));
        let svg_text = std::fs::read_to_string(&svg).unwrap();
        assert!(svg_text.len() > 2000, "svg too small: {}", svg_text.len());
        assert!(svg_text.contains("<svg"));
        // The embedded font renders the labels as text.
        assert!(svg_text.contains("D=2"));
        let png_bytes = std::fs::read(&png).unwrap();
        assert!(png_bytes.len() > 5000, "png too small: {}", png_bytes.len());
        assert_eq!(&png_bytes[1..4], b"PNG");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn empty_chart_still_renders() {
    let dir = tmp_dir("empty");
    let c = Chart {
        series: vec![],
        ..chart(true, true)
    };
    let (svg, png) = render(&c, &dir.join("empty")).unwrap();
    assert!(std::fs::metadata(svg).unwrap().len() > 500);
    assert!(std::fs::metadata(png).unwrap().len() > 1000);
    let _ = std::fs::remove_dir_all(&dir);
}
