//! How fast the game screen draws: one frame into a `TestBackend`, and a key press handled
//! and the screen redrawn (the key-to-redraw latency the player feels).

use criterion::{Criterion, criterion_group, criterion_main};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use huo_chess::config::Config;
use huo_chess::tui::GameArgs;
use huo_chess::tui::app::App;
use huo_chess::tui::ui;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use std::hint::black_box;

fn app() -> App {
    let mut config = Config::default();
    config.book.enabled = false;
    let args = GameArgs {
        color: Some("w".into()),
        level: Some("classic-3".into()),
        ..GameArgs::default()
    };
    let mut app = App::new(&config, &args, None).unwrap();
    // A middlegame position with a full log pane.
    app.handle_command("fen r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R2QKB1R w KQ - 0 8");
    for i in 0..200 {
        app.log_line(format!(
            "depth {i} score +0.{i:02} nodes {} pv e4 e5 Nf3 Nc6",
            i * 1000
        ));
    }
    app
}

fn benches(c: &mut Criterion) {
    for (w, h) in [(80, 25), (160, 50)] {
        let mut app = app();
        let mut term = Terminal::new(TestBackend::new(w, h)).unwrap();
        c.bench_function(&format!("render frame {w}x{h}"), |b| {
            b.iter(|| {
                term.draw(|f| ui::draw(f, black_box(&mut app))).unwrap();
            })
        });
    }
    let mut app = app();
    let mut term = Terminal::new(TestBackend::new(80, 25)).unwrap();
    let keys = [KeyCode::Right, KeyCode::Left];
    let mut i = 0;
    c.bench_function("key to redraw 80x25", |b| {
        b.iter(|| {
            i += 1;
            app.handle_key(KeyEvent::new(keys[i % 2], KeyModifiers::NONE));
            term.draw(|f| ui::draw(f, &mut app)).unwrap();
        })
    });
}

criterion_group!(tui, benches);
criterion_main!(tui);
