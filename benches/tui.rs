//! How fast the game screen draws: one frame into a `TestBackend`, a key press handled
//! and the screen redrawn (the key-to-redraw latency the player feels), and the time from
//! the engine's answer to the frame that shows it, through the run loop.

use criterion::{Criterion, criterion_group, criterion_main};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use huo_chess::config::Config;
use huo_chess::tui::GameArgs;
use huo_chess::tui::Screen;
use huo_chess::tui::app::App;
use huo_chess::tui::events::{Events, Wake};
use huo_chess::tui::ui;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use std::hint::black_box;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

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
                term.draw(|f| {
                    ui::lay_out(&mut app, f.area());
                    ui::draw(f, black_box(&app))
                })
                .unwrap();
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
            term.draw(|f| {
                ui::lay_out(&mut app, f.area());
                ui::draw(f, &app)
            })
            .unwrap();
        })
    });
}

/// From the engine's answer (a hint's search, done) to the frame drawn after it, through
/// the game screen's run loop ([`Screen`]) on a `TestBackend`. The loop sleeps on its event
/// stream, on which the engine puts its replies themselves. The peer, in the same run, is
/// the same loop with the replies kept by the engine link: it hears of the answer at its
/// next tick only, as the screen did when it slept in `event::poll` and drained the engine
/// afterwards.
fn reply_to_frame(c: &mut Criterion) {
    let mut group = c.benchmark_group("engine answer to frame 80x25");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(8));
    for (name, wired) in [("event stream", true), ("tick only", false)] {
        let mut app = app();
        let mut term = Terminal::new(TestBackend::new(80, 25)).unwrap();
        let events = Events::new();
        let done: Arc<Mutex<Option<Instant>>> = Arc::default();
        let (tx, answered) = (events.sender(), Arc::clone(&done));
        let engine = app.session().engine().unwrap();
        if wired {
            // The replies themselves on the stream, taken in as they arrive.
            engine.deliver_to(Box::new(move |reply| {
                if reply.is_final() {
                    *answered.lock().unwrap() = Some(Instant::now());
                }
                let _ = tx.send(Wake::Engine(Box::new(reply)));
            }));
        } else {
            // Kept by the link, fetched at the next tick.
            engine.notify_with(Box::new(move |last| {
                if last {
                    *answered.lock().unwrap() = Some(Instant::now());
                }
            }));
        }
        let mut screen = Screen::default();
        group.bench_function(name, |b| {
            b.iter_custom(|iters| {
                let mut total = Duration::ZERO;
                for _ in 0..iters {
                    *done.lock().unwrap() = None;
                    app.handle_command("hint");
                    loop {
                        screen.step(&mut term, &mut app, &events).unwrap();
                        let answered = *done.lock().unwrap();
                        if let Some(at) = answered
                            && app.thinking.is_none()
                            && screen.drawn() > at
                        {
                            total += screen.drawn() - at;
                            break;
                        }
                    }
                }
                total
            })
        });
    }
    group.finish();
}

criterion_group!(tui, benches, reply_to_frame);
criterion_main!(tui);
