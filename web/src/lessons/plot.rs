//! Lesson plots: the series a [`PlotSpec`] reads from result tables ([`data`], plain Rust,
//! tested natively) and their drawing on a canvas with plotters ([`draw`]). With an A/B
//! comparison each series appears once per configuration, on the same axes. The same canvas
//! draws the pool map of the internals view: rows of cells instead of series.

use super::canvas::MeasuredCanvas;
use plotters::coord::Shift;
use plotters::prelude::*;
use tunelab_core::lab::lesson::{number, PlotKind, PlotSpec, Table};

/// One line or one group of bars.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Series {
    pub name: String,
    /// (x, y): x is a number for lines and the category's index for bars. With a band, y is
    /// the mean of the rows at that x.
    pub points: Vec<(f64, f64)>,
    /// With a band: (x, lowest, highest) of the rows at each x, in the points' order.
    pub spread: Vec<(f64, f64, f64)>,
    /// With a band: every row's own (x, y), drawn as dots over the mean.
    pub samples: Vec<(f64, f64)>,
}

/// The rows' points gathered per x (in the order each x first appears): the mean of each
/// x, its (x, lowest, highest), and the points themselves.
fn band(points: Vec<(f64, f64)>) -> Series {
    let mut xs: Vec<f64> = Vec::new();
    for (x, _) in &points {
        if !xs.contains(x) {
            xs.push(*x);
        }
    }
    let mut out = Series::default();
    for x in xs {
        let ys: Vec<f64> = points.iter().filter(|p| p.0 == x).map(|p| p.1).collect();
        let mean = ys.iter().sum::<f64>() / ys.len() as f64;
        let lo = ys.iter().copied().fold(f64::MAX, f64::min);
        let hi = ys.iter().copied().fold(f64::MIN, f64::max);
        out.points.push((x, mean));
        out.spread.push((x, lo, hi));
    }
    out.samples = points;
    out
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
    /// A map's rows, top to bottom; when there are any, they are drawn instead of series.
    pub map: Vec<MapRow>,
}

/// One row of a pool map: what it follows, and for each stretch of a table (left to right,
/// equal widths) the fractions of its pages in the young and in the old part of the pool,
/// and the fraction the statement read from disk.
#[derive(Clone, Debug, PartialEq)]
pub struct MapRow {
    pub label: String,
    pub cells: Vec<(f64, f64)>,
    pub read: Vec<f64>,
}

impl PlotData {
    /// A sentence per series or map row, for screen readers (the canvas's label).
    pub fn summary(&self) -> String {
        let pct = |f: f64| format!("{:.0} %", f * 100.0);
        let parts: Vec<String> = if self.map.is_empty() {
            self.series
                .iter()
                .map(|s| {
                    let pts: Vec<String> = s
                        .points
                        .iter()
                        .enumerate()
                        .map(|(i, (x, y))| match s.spread.get(i) {
                            Some((_, lo, hi)) => format!("{x}: {y} (from {lo} to {hi})"),
                            None => format!("{x}: {y}"),
                        })
                        .collect();
                    format!("{}: {}", s.name, pts.join(", "))
                })
                .collect()
        } else {
            self.map
                .iter()
                .map(|r| {
                    let n = r.cells.len().max(1) as f64;
                    let young = r.cells.iter().map(|c| c.0).sum::<f64>() / n;
                    let old = r.cells.iter().map(|c| c.1).sum::<f64>() / n;
                    let read = r.read.iter().map(|f| f.min(1.0)).sum::<f64>() / n;
                    let (young, old, read) = (pct(young), pct(old), pct(read));
                    format!("{}: {young} young, {old} old, {read} read from disk", r.label)
                })
                .collect()
        };
        parts.join("; ")
    }
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
        map: Vec::new(),
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
            let series =
                if spec.band { band(points) } else { Series { points, ..Series::default() } };
            out.series.push(Series { name, ..series });
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

/// The text size, in CSS pixels, for a plot `width` pixels wide: 13 px up to 715 px, then
/// growing with the plot so a projected plot (presenter mode) keeps legible labels.
pub fn font_px(width: u32) -> u32 {
    (width / 55).clamp(13, 24)
}

/// Draws `data` on `canvas` (at the canvas's own size), in the page's theme colours.
pub fn draw(canvas: web_sys::HtmlCanvasElement, data: &PlotData, dark: bool) -> Result<(), String> {
    let backend = MeasuredCanvas::new(canvas).ok_or("no 2D canvas")?;
    let root = backend.into_drawing_area();
    let (bg, fg) = if dark {
        (RGBColor(20, 27, 33), RGBColor(228, 234, 239))
    } else {
        (RGBColor(255, 255, 255), RGBColor(22, 32, 42))
    };
    let e = |e: DrawingAreaErrorKind<_>| e.to_string();
    root.fill(&bg).map_err(e)?;
    if data.map.is_empty() {
        draw_series(&root, data, fg)?;
    } else {
        draw_map(&root, data, fg)?;
    }
    root.present().map_err(e)
}

/// The title, centred, and under it the key (a swatch and a name per entry, wrapping onto
/// more lines when needed); returns the area left for the chart. The key sits above the
/// chart rather than in it, so it never hides a bar or a line.
fn head_and_key<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    title: &str,
    key: &[(String, RGBAColor)],
    fg: RGBColor,
) -> Result<DrawingArea<DB, Shift>, String> {
    let e = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
    let (width, _) = root.dim_in_pixel();
    let size = font_px(width);
    let title_font = ("sans-serif", size + 5).into_font().color(&fg);
    let font = ("sans-serif", size).into_font().color(&fg);
    let line_h = size as i32 + 9;
    // Lay the key out first: each entry's place, line by line.
    let mut places = Vec::new();
    let (mut x, mut line) = (16, 0);
    for (name, _) in key {
        let (w, _) = root.estimate_text_size(name, &font).map_err(e)?;
        let entry = 20 + w as i32;
        if x > 16 && x + entry > width as i32 - 16 {
            (x, line) = (16, line + 1);
        }
        places.push((x, 40 + line_h * line));
        x += entry + 28;
    }
    let height = if key.is_empty() { 40 } else { (64 + line_h * line) as u32 };
    let (head, body) = root.split_vertically(height);
    let (title_w, _) = head.estimate_text_size(title, &title_font).map_err(e)?;
    let title_x = (width as i32 - title_w as i32).max(0) / 2;
    head.draw(&Text::new(title.to_string(), (title_x, 10), title_font)).map_err(e)?;
    for ((name, color), (x, y)) in key.iter().zip(places) {
        head.draw(&Rectangle::new([(x, y), (x + 14, y + 14)], color.filled())).map_err(e)?;
        let frame = fg.mix(0.4).stroke_width(1);
        head.draw(&Rectangle::new([(x, y), (x + 14, y + 14)], frame)).map_err(e)?;
        head.draw(&Text::new(name.clone(), (x + 20, y), font.clone())).map_err(e)?;
    }
    Ok(body)
}

/// An axis label: whole numbers without a fraction and with thousands separators (`5,000`),
/// others with up to three decimals (`0.25`).
fn tick(v: f64) -> String {
    if (v - v.round()).abs() < 1e-9 {
        let digits = format!("{}", v.round().abs() as u64);
        let mut out = String::new();
        for (i, c) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i) % 3 == 0 {
                out.push(',');
            }
            out.push(c);
        }
        if v < 0.0 {
            out.insert(0, '-');
        }
        out
    } else {
        let s = format!("{v:.3}");
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    }
}

/// `label` as it fits `room` pixels, as `measure` sizes text: whole, or cut at a character
/// boundary with an ellipsis (at least one character and the ellipsis are kept, even when
/// they do not fit).
fn fit_to_width(label: &str, room: u32, measure: impl Fn(&str) -> u32) -> String {
    if measure(label) <= room {
        return label.to_string();
    }
    let cuts: Vec<usize> = label.char_indices().map(|(i, _)| i).skip(1).collect();
    // The longest prefix that fits: widths grow with the prefix, so a binary search.
    let fits = |&end: &usize| measure(&format!("{}…", label[..end].trim_end())) <= room;
    let longest = cuts.partition_point(fits);
    let end = match longest {
        0 => cuts.first().copied().unwrap_or(label.len()),
        k => cuts[k - 1],
    };
    format!("{}…", label[..end].trim_end())
}

/// Lines, spikes or grouped bars, one colour per series.
fn draw_series<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    data: &PlotData,
    fg: RGBColor,
) -> Result<(), String> {
    let e = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
    let color = |i: usize| PALETTE[i % PALETTE.len()];
    let key: Vec<(String, RGBAColor)> =
        data.series.iter().enumerate().map(|(i, s)| (s.name.clone(), color(i).to_rgba())).collect();
    let body = head_and_key(root, &data.title, &key, fg)?;
    let (width, _) = root.dim_in_pixel();
    let font = ("sans-serif", font_px(width) + 1).into_font().color(&fg);
    let highs = data.series.iter().flat_map(|s| s.spread.iter().map(|b| b.2));
    let y_max = data
        .series
        .iter()
        .flat_map(|s| s.points.iter().map(|p| p.1))
        .chain(highs)
        .fold(0.0f64, f64::max);
    let banded = data.series.iter().any(|s| !s.spread.is_empty());
    let (y_min, y_max) = if banded {
        // A band is about the spread between runs, which is small beside the figures
        // themselves: the axis spans only the runs' figures (its ticks say where), and bars
        // become marks at their means, since a bar's length would mean nothing.
        let lows = data.series.iter().flat_map(|s| s.spread.iter().map(|b| b.1));
        let lo = lows.fold(f64::MAX, f64::min);
        let pad = ((y_max - lo) * 0.5).max(y_max.abs() * 1e-4).max(1e-6);
        (lo - pad, y_max + pad)
    } else if y_max <= 0.0 {
        (0.0, 1.0)
    } else {
        (0.0, y_max * 1.1)
    };
    let mut builder = ChartBuilder::on(&body);
    let px = font_px(width);
    builder
        .margin(12)
        .margin_top(4)
        .margin_right(24)
        .x_label_area_size(px * 3)
        .y_label_area_size(px * 5);
    match data.kind {
        PlotKind::Line | PlotKind::Spikes => {
            let xs = data.series.iter().flat_map(|s| s.points.iter().map(|p| p.0));
            let (lo, hi) = xs.fold((f64::MAX, f64::MIN), |(a, b), x| (a.min(x), b.max(x)));
            let (lo, hi) = if lo < hi { (lo, hi) } else { (lo - 1.0, lo + 1.0) };
            let mut chart = builder.build_cartesian_2d(lo..hi, y_min..y_max).map_err(e)?;
            chart
                .configure_mesh()
                .x_label_formatter(&|x| tick(*x))
                .y_label_formatter(&|y| tick(*y))
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
                // The band first, under the line: the lows left to right, the highs back.
                if s.spread.len() > 1 {
                    let mut outline: Vec<(f64, f64)> =
                        s.spread.iter().map(|b| (b.0, b.1)).collect();
                    outline.extend(s.spread.iter().rev().map(|b| (b.0, b.2)));
                    chart
                        .draw_series([Polygon::new(outline, color(i).mix(0.2).filled())])
                        .map_err(e)?;
                }
                let style =
                    ShapeStyle { color: color(i).to_rgba(), filled: false, stroke_width: 3 };
                if data.kind == PlotKind::Spikes {
                    let thin = ShapeStyle { stroke_width: 2, ..style };
                    chart
                        .draw_series(
                            s.points
                                .iter()
                                .map(move |&(x, y)| PathElement::new(vec![(x, 0.0), (x, y)], thin)),
                        )
                        .map_err(e)?;
                } else {
                    chart
                        .draw_series(LineSeries::new(s.points.iter().copied(), style))
                        .map_err(e)?;
                }
                chart
                    .draw_series(s.points.iter().map(|p| Circle::new(*p, 4, color(i).filled())))
                    .map_err(e)?;
                let dot = fg.mix(0.7).stroke_width(2);
                chart.draw_series(s.samples.iter().map(|p| Circle::new(*p, 3, dot))).map_err(e)?;
            }
        }
        PlotKind::Bar => {
            let n = data.categories.len().max(1) as f64;
            // Each category's label fits the width of its own slot along the axis (digests
            // are 38 characters): a longer one is cut with an ellipsis, where whole labels
            // ran into each other. The table above the plot keeps them whole.
            let (body_w, _) = body.dim_in_pixel();
            let slot_px = (f64::from(body_w) - f64::from(px * 5) - 36.0).max(0.0) / n;
            let room = (slot_px * 0.94) as u32;
            let measure = |t: &str| body.estimate_text_size(t, &font).map_or(u32::MAX, |s| s.0);
            let cats: Vec<String> =
                data.categories.iter().map(|c| fit_to_width(c, room, measure)).collect();
            let mut chart = builder.build_cartesian_2d(-0.5..n - 0.5, y_min..y_max).map_err(e)?;
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
                .y_label_formatter(&|y| tick(*y))
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
                let off = -0.4 + w * i as f64;
                if banded {
                    let mark = color(i).stroke_width(4);
                    chart
                        .draw_series(s.points.iter().map(|(x, y)| {
                            PathElement::new(vec![(x + off, *y), (x + off + w * 0.92, *y)], mark)
                        }))
                        .map_err(e)?;
                } else {
                    chart
                        .draw_series(s.points.iter().map(|(x, y)| {
                            Rectangle::new(
                                [(x + off, 0.0), (x + off + w * 0.92, *y)],
                                color(i).filled(),
                            )
                        }))
                        .map_err(e)?;
                }
                // The spread between the rows at this x: a whisker from the lowest to the
                // highest, with caps, over the bar at their mean, and each row as a dot.
                let mid = off + w * 0.46;
                let (cap, ink) = (w * 0.2, fg.stroke_width(2));
                for (x, lo, hi) in &s.spread {
                    let c = x + mid;
                    let strokes = [
                        vec![(c, *lo), (c, *hi)],
                        vec![(c - cap, *lo), (c + cap, *lo)],
                        vec![(c - cap, *hi), (c + cap, *hi)],
                    ];
                    chart
                        .draw_series(strokes.into_iter().map(|p| PathElement::new(p, ink)))
                        .map_err(e)?;
                }
                let dot = fg.mix(0.8).filled();
                chart
                    .draw_series(s.samples.iter().map(|(x, y)| Circle::new((x + mid, *y), 3, dot)))
                    .map_err(e)?;
            }
        }
    }
    Ok(())
}

/// The pool map: one row per statement, top to bottom; each row a strip of cells across the
/// table, filled from the bottom with the young fraction, then the old, the rest empty (pages
/// on disk only), under a thin band as strong as the share of the cell the statement read.
fn draw_map<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    data: &PlotData,
    fg: RGBColor,
) -> Result<(), String> {
    let e = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
    let rows = data.map.len();
    let labels: Vec<String> = data.map.iter().map(|r| r.label.clone()).collect();
    let (width, _) = root.dim_in_pixel();
    let font = ("sans-serif", font_px(width)).into_font().color(&fg);
    let (young, old, empty, read) = (PALETTE[0], PALETTE[1], fg.mix(0.07), PALETTE[5]);
    let key = [
        ("young".to_string(), young.to_rgba()),
        ("old".to_string(), old.to_rgba()),
        ("on disk only".to_string(), empty),
        ("read from disk by the statement".to_string(), read.to_rgba()),
    ];
    let body = head_and_key(root, &data.title, &key, fg)?;
    // Rows are centred on whole numbers, the first at the top, so the axis's key points (whole
    // numbers for up to one per row) fall on the rows' middles.
    let mut chart = ChartBuilder::on(&body)
        .margin(12)
        .margin_top(0)
        .margin_right(24)
        .x_label_area_size(40)
        // The statements' names need room, but a narrow (phone) plot keeps most for the map.
        .y_label_area_size((width * 2 / 5).min(250))
        .build_cartesian_2d(0.0..100.0, -0.5..rows as f64 - 0.5)
        .map_err(e)?;
    chart
        .configure_mesh()
        .disable_mesh()
        .y_labels(rows)
        .y_label_formatter(&|y| {
            let i = y.round();
            if (y - i).abs() < 1e-6 && i >= 0.0 && (i as usize) < rows {
                labels[rows - 1 - i as usize].clone()
            } else {
                String::new()
            }
        })
        .x_label_formatter(&|x| tick(*x))
        .x_desc(&data.x_label)
        .label_style(font.clone())
        .axis_desc_style(font)
        .axis_style(fg.mix(0.6))
        .draw()
        .map_err(e)?;
    for (r, row) in data.map.iter().enumerate() {
        // A row's band: the cells take its lower part, the reads the strip above them.
        let y0 = (rows - 1 - r) as f64 - 0.42;
        let (cell_h, read_y) = (0.64, y0 + 0.69);
        let w = 100.0 / row.cells.len().max(1) as f64;
        let mut shapes = Vec::new();
        for (c, &(fy, fo)) in row.cells.iter().enumerate() {
            let (x0, x1) = (c as f64 * w, (c + 1) as f64 * w);
            let fy = fy.clamp(0.0, 1.0);
            let fo = fo.clamp(0.0, 1.0 - fy);
            shapes.push(Rectangle::new([(x0, y0), (x1, y0 + cell_h)], empty.filled()));
            shapes.push(Rectangle::new([(x0, y0), (x1, y0 + cell_h * fy)], young.filled()));
            let mid = y0 + cell_h * fy;
            shapes.push(Rectangle::new([(x0, mid), (x1, mid + cell_h * fo)], old.filled()));
            let fr = row.read.get(c).copied().unwrap_or(0.0).clamp(0.0, 1.0);
            if fr > 0.0 {
                let band = [(x0, read_y), (x1, read_y + 0.15)];
                shapes.push(Rectangle::new(band, read.mix(fr).filled()));
            }
        }
        chart.draw_series(shapes).map_err(e)?;
    }
    Ok(())
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
    fn category_labels_are_cut_to_their_slot() {
        // Eight pixels a character, as a monospace font would measure.
        let measure = |t: &str| 8 * t.chars().count() as u32;
        assert_eq!(fit_to_width("4 CPUs", 100, measure), "4 CPUs");
        let digest = "SELECT COUNT ( * ) FROM `page_views` W";
        let cut = fit_to_width(digest, 120, measure);
        assert_eq!(cut, "SELECT COUNT (…");
        assert!(measure(&cut) <= 120);
        // Never empty: one character and the ellipsis, even in no room at all.
        assert_eq!(fit_to_width(digest, 0, measure), "S…");
        // Cut at character boundaries, never inside a multi-byte character.
        assert_eq!(fit_to_width("ééééé", 24, measure), "éé…");
    }

    #[wasm_bindgen_test(unsupported = test)]
    fn axis_labels_drop_needless_decimals() {
        assert_eq!(tick(5000.0), "5,000");
        assert_eq!(tick(1234567.0), "1,234,567");
        assert_eq!(tick(35.0), "35");
        assert_eq!(tick(0.0), "0");
        assert_eq!(tick(0.30000000000000004), "0.3");
        assert_eq!(tick(1.25), "1.25");
        assert_eq!(tick(-2000.0), "-2,000");
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
            band: false,
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

    #[wasm_bindgen_test(unsupported = test)]
    fn a_band_draws_the_mean_and_the_spread_of_the_rows_at_each_x() {
        let spec = PlotSpec {
            id: "p".into(),
            title: "P".into(),
            kind: PlotKind::Bar,
            table: "t".into(),
            x: "pass".into(),
            y: vec!["y".into()],
            y_label: String::new(),
            filter: Vec::new(),
            band: true,
        };
        // Three seeds of OFF, then three of ON (the x column holds the setting).
        let a = table(&[
            ["1", "OFF", "10"],
            ["1", "ON", "9"],
            ["2", "OFF", "14"],
            ["2", "ON", "12"],
            ["3", "OFF", "12"],
            ["3", "ON", "12"],
        ]);
        let d = data(&spec, &[("", &a)]).unwrap();
        assert_eq!(d.categories, ["OFF", "ON"]);
        let s = &d.series[0];
        assert_eq!(s.points, [(0.0, 12.0), (1.0, 11.0)]);
        assert_eq!(s.spread, [(0.0, 10.0, 14.0), (1.0, 9.0, 12.0)]);
        assert_eq!(s.samples.len(), 6);
        assert_eq!(d.summary(), "y: 0: 12 (from 10 to 14), 1: 11 (from 9 to 12)");
        // Without a band every row is its own point and there is no spread.
        let d = data(&PlotSpec { band: false, ..spec }, &[("", &a)]).unwrap();
        assert_eq!(d.series[0].points.len(), 6);
        assert!(d.series[0].spread.is_empty());
    }
}
