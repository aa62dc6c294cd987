//! The book editor in the screen's run loop: its engine's replies, the terminal's keys and
//! mouse handed to its state, its frame laid out and drawn by `ui.rs`.

use super::Editor;
use super::ui;
use crate::tui::screen::View;
use crossterm::event::Event as TermEvent;
use ratatui::Frame;
use ratatui::layout::Rect;

/// The editor in the run loop.
impl View for Editor {
    fn update(&mut self) -> bool {
        false
    }

    fn engine_reply(&mut self, reply: crate::engine::Reply) {
        Editor::engine_reply(self, reply)
    }

    fn busy(&self) -> bool {
        self.engine.busy().is_some()
    }

    fn handle(&mut self, event: TermEvent) {
        match event {
            TermEvent::Key(k) => self.handle_key(k),
            TermEvent::Mouse(m) => self.handle_mouse(m),
            _ => {}
        }
    }

    fn done(&self) -> bool {
        self.quit
    }

    fn lay_out(&mut self, area: Rect) {
        ui::lay_out(self, area)
    }

    fn draw(&self, frame: &mut Frame) {
        ui::draw(frame, self)
    }
}
