//! Chunk fit by hand: a big chunk over a small gold span, a small chunk inside a big one.

use super::*;
use crate::metrics::UnknownLengths;

fn chunk(path: &str, s: u32, e: u32) -> ReadSpan {
    ReadSpan {
        rank: Some(1),
        ..ReadSpan::simple(path, s, e)
    }
}

#[test]
fn precision_and_iou_with_the_gold_touched() {
    let gold = [
        GoldSpan::simple("a.py", 10, 19),
        GoldSpan::simple("a.py", 200, 299),
        GoldSpan {
            tier: Tier::Optional,
            ..GoldSpan::simple("a.py", 1, 5)
        },
    ];
    let g: Vec<&GoldSpan> = gold.iter().collect();
    let cs = [
        chunk("a.py", 1, 400), // holds both spans: 110 / 400, IoU 110 / 400
        chunk("a.py", 12, 13), // inside the first: precision 1, IoU 2 / 10
        chunk("a.py", 15, 24), // half in: 5 / 10, IoU 5 / 15 (touches only 10-19)
        chunk("b.py", 1, 10),  // no gold: 0, 0
    ];
    let c: Vec<&ReadSpan> = cs.iter().collect();
    let got: Vec<(f64, f64)> = chunk_fits(&g, &c, &UnknownLengths)
        .iter()
        .map(|f| (f.precision, f.iou))
        .collect();
    assert_eq!(
        got,
        [
            (110.0 / 400.0, 110.0 / 400.0),
            (1.0, 0.2),
            (0.5, 5.0 / 15.0),
            (0.0, 0.0)
        ]
    );
    let fits = chunk_fits(&g, &c, &UnknownLengths);
    let (p, iou) = mean_fit(&fits);
    assert!((p.unwrap() - (0.275 + 1.0 + 0.5) / 4.0).abs() < 1e-12);
    assert!((iou.unwrap() - (0.275 + 0.2 + 5.0 / 15.0) / 4.0).abs() < 1e-12);
    assert_eq!(mean_fit(&[]), (None, None));
}
