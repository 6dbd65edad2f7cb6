//! Lesson plots: the series a [`PlotSpec`] reads from result tables ([`data`], plain Rust,
//! tested natively) and their drawing on a canvas with plotters ([`draw`]). With an A/B
//! comparison each series appears once per configuration, on the same axes.

use plotters::prelude::*;
use plotters_canvas::CanvasBackend;
use tunelab_core::lesson::{number, PlotKind, PlotSpec, Table};

/// One line or one group of bars.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    pub name: String,
    /// (x, y): x is a number for lines and the category's index for bars.
    pub points: Vec<(f64, f64)>,
}

/// Everything a plot draws.
#[derive(Clone, Debug, PartialEq)]
pub struct PlotData {
    pub title: String,
    pub kind: PlotKind,
    pub x_label: String,
    pub y_label: String,
    /// The bars' categories (empty for lines).
    pub categories: Vec<String>,
    pub series: Vec<Series>,
}

/// The plot's data from the tables of each configuration (`("", table)` alone, or `("A",
/// ...)`, `("B", ...)`). `Err` says why nothing can be drawn.
pub fn data(spec: &PlotSpec, configs: &[(&str, &Table)]) -> Result<PlotData, String> {
    let mut out = PlotData {
        title: spec.title.clone(),
        kind: spec.kind,
        x_label: spec.x.clone(),
        y_label: spec.y_label.clone(),
        categories: Vec::new(),
        series: Vec::new(),
    };
    for (config, table) in configs {
        if let Some(why) = &table.awaiting {
            return Err(why.clone());
        }
        let keep: Vec<bool> = match spec.filter.as_slice() {
            [col, value] => (0..table.rows.len() as u32)
                .map(|r| table.cell(r, col) == Some(value.as_str()))
                .collect(),
            _ => vec![true; table.rows.len()],
        };
        let xs: Vec<String> = (0..table.rows.len() as u32)
            .map(|r| table.cell(r, &spec.x).unwrap_or("").to_string())
            .collect();
        for y in &spec.y {
            let ys = table.numbers(y);
            let mut points = Vec::new();
            for (i, (x, y)) in xs.iter().zip(&ys).enumerate() {
                if !keep[i] {
                    continue;
                }
                let Some(y) = y else { continue };
                let x = match spec.kind {
                    PlotKind::Line | PlotKind::Spikes => match number(x) {
                        Some(x) => x,
                        None => continue,
                    },
                    PlotKind::Bar => {
                        let at = out.categories.iter().position(|c| c == x);
                        at.unwrap_or_else(|| {
                            out.categories.push(x.clone());
                            out.categories.len() - 1
                        }) as f64
                    }
                };
                points.push((x, *y));
            }
            let name = if config.is_empty() { y.clone() } else { format!("{y} ({config})") };
            out.series.push(Series { name, points });
        }
    }
    if out.series.iter().all(|s| s.points.is_empty()) {
        return Err("The runs gave no numbers to plot.".into());
    }
    Ok(out)
}

const PALETTE: [RGBColor; 6] = [
    RGBColor(13, 105, 134),
    RGBColor(214, 110, 30),
    RGBColor(70, 150, 80),
    RGBColor(160, 60, 160),
    RGBColor(90, 90, 200),
    RGBColor(190, 50, 60),
];

/// Draws `data` on `canvas`, in the page's theme colours.
pub fn draw(canvas: web_sys::HtmlCanvasElement, data: &PlotData, dark: bool) -> Result<(), String> {
    let backend = CanvasBackend::with_canvas_object(canvas).ok_or("no 2D canvas")?;
    let root = backend.into_drawing_area();
    let (bg, fg) = if dark {
        (RGBColor(20, 27, 33), RGBColor(228, 234, 239))
    } else {
        (RGBColor(255, 255, 255), RGBColor(22, 32, 42))
    };
    let e = |e: DrawingAreaErrorKind<_>| e.to_string();
    root.fill(&bg).map_err(e)?;
    let font = ("sans-serif", 14).into_font().color(&fg);
    let y_max =
        data.series.iter().flat_map(|s| s.points.iter().map(|p| p.1)).fold(0.0f64, f64::max);
    let y_max = if y_max <= 0.0 { 1.0 } else { y_max * 1.1 };
    let mut builder = ChartBuilder::on(&root);
    builder
        .margin(12)
        .caption(&data.title, ("sans-serif", 18).into_font().color(&fg))
        .x_label_area_size(40)
        .y_label_area_size(64);
    match data.kind {
        PlotKind::Line | PlotKind::Spikes => {
            let xs = data.series.iter().flat_map(|s| s.points.iter().map(|p| p.0));
            let (lo, hi) = xs.fold((f64::MAX, f64::MIN), |(a, b), x| (a.min(x), b.max(x)));
            let (lo, hi) = if lo < hi { (lo, hi) } else { (lo - 1.0, lo + 1.0) };
            let mut chart = builder.build_cartesian_2d(lo..hi, 0.0..y_max).map_err(e)?;
            chart
                .configure_mesh()
                .x_desc(&data.x_label)
                .y_desc(&data.y_label)
                .label_style(font.clone())
                .axis_desc_style(font.clone())
                .light_line_style(fg.mix(0.08))
                .bold_line_style(fg.mix(0.2))
                .axis_style(fg.mix(0.6))
                .draw()
                .map_err(e)?;
            for (i, s) in data.series.iter().enumerate() {
                let color = PALETTE[i % PALETTE.len()];
                let style = ShapeStyle { color: color.to_rgba(), filled: false, stroke_width: 3 };
                let drawn = if data.kind == PlotKind::Spikes {
                    let thin = ShapeStyle { stroke_width: 2, ..style };
                    chart.draw_series(
                        s.points
                            .iter()
                            .map(move |&(x, y)| PathElement::new(vec![(x, 0.0), (x, y)], thin)),
                    )
                } else {
                    chart.draw_series(LineSeries::new(s.points.iter().copied(), style))
                };
                drawn.map_err(e)?.label(s.name.clone()).legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 18, y)], color.stroke_width(3))
                });
                chart
                    .draw_series(s.points.iter().map(|p| Circle::new(*p, 4, color.filled())))
                    .map_err(e)?;
            }
            legend(&mut chart, bg, fg)?;
        }
        PlotKind::Bar => {
            let n = data.categories.len().max(1) as f64;
            let cats = data.categories.clone();
            let mut chart = builder.build_cartesian_2d(-0.5..n - 0.5, 0.0..y_max).map_err(e)?;
            chart
                .configure_mesh()
                .disable_x_mesh()
                .x_labels(cats.len().max(1))
                .x_label_formatter(&|x| {
                    let i = x.round();
                    if (x - i).abs() < 0.01 && i >= 0.0 {
                        cats.get(i as usize).cloned().unwrap_or_default()
                    } else {
                        String::new()
                    }
                })
                .x_desc(&data.x_label)
                .y_desc(&data.y_label)
                .label_style(font.clone())
                .axis_desc_style(font.clone())
                .light_line_style(fg.mix(0.08))
                .bold_line_style(fg.mix(0.2))
                .axis_style(fg.mix(0.6))
                .draw()
                .map_err(e)?;
            let k = data.series.len().max(1) as f64;
            let w = 0.8 / k;
            for (i, s) in data.series.iter().enumerate() {
                let color = PALETTE[i % PALETTE.len()];
                let off = -0.4 + w * i as f64;
                chart
                    .draw_series(s.points.iter().map(|(x, y)| {
                        Rectangle::new([(x + off, 0.0), (x + off + w * 0.92, *y)], color.filled())
                    }))
                    .map_err(e)?
                    .label(s.name.clone())
                    .legend(move |(x, y)| {
                        Rectangle::new([(x, y - 6), (x + 14, y + 6)], color.filled())
                    });
            }
            legend(&mut chart, bg, fg)?;
        }
    }
    root.present().map_err(e)?;
    Ok(())
}

fn legend<'a, DB: DrawingBackend + 'a, CT: plotters::coord::CoordTranslate>(
    chart: &mut ChartContext<'a, DB, CT>,
    bg: RGBColor,
    fg: RGBColor,
) -> Result<(), String> {
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::LowerRight)
        .background_style(bg.mix(0.85))
        .border_style(fg.mix(0.4))
        .label_font(("sans-serif", 14).into_font().color(&fg))
        .draw()
        .map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use wasm_bindgen_test::wasm_bindgen_test;

    fn table(rows: &[[&str; 3]]) -> Table {
        Table {
            id: "t".into(),
            title: "T".into(),
            columns: vec!["x".into(), "pass".into(), "y".into()],
            rows: rows.iter().map(|r| r.iter().map(|c| c.to_string()).collect()).collect(),
            awaiting: None,
        }
    }

    #[wasm_bindgen_test(unsupported = test)]
    fn series_follow_the_filter_and_the_configurations() {
        let spec = PlotSpec {
            id: "p".into(),
            title: "P".into(),
            kind: PlotKind::Line,
            table: "t".into(),
            x: "x".into(),
            y: vec!["y".into()],
            y_label: String::new(),
            filter: vec!["pass".into(), "2".into()],
        };
        let a = table(&[["32", "1", "5"], ["32", "2", "7"], ["64", "2", "9"]]);
        let d = data(&spec, &[("", &a)]).unwrap();
        assert_eq!(d.series[0].points, [(32.0, 7.0), (64.0, 9.0)]);
        let d = data(&spec, &[("A", &a), ("B", &a)]).unwrap();
        assert_eq!(d.series.len(), 2);
        assert_eq!(d.series[1].name, "y (B)");
        let waiting = Table { awaiting: Some("later".into()), ..a.clone() };
        assert_eq!(data(&spec, &[("", &waiting)]), Err("later".into()));
    }
}
