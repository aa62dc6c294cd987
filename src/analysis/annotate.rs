//! An analysed game written as PGN: after each move its evaluation as a `{[%eval 0.35]}`
//! comment (the form lichess and python-chess read: White's side, pawns with two decimals,
//! or `#3` / `#-2` for mates), a NAG on judged moves (`$6` inaccuracy, `$2` mistake, `$4`
//! blunder), and after a mistake or a blunder the engine's line as a variation. The
//! movetext starts with a comment that says the scale the marks are on, and the tags
//! `WhiteAccuracy` and `BlackAccuracy` give each player's accuracy (0 to 100, lichess's
//! formula: [`super::verdict::accuracy`]). The movetext is wrapped at 80 columns.

use super::verdict::{Eval, GameAnalysis, Judgement, Thresholds};
use crate::core::{Color, Move, Position, san, san_movetext};
use crate::game::Game;
use crate::pgn::{wrap_movetext, write_tags};
use crate::tactics::Kind;

/// `game` as annotated PGN: its tags (`headers`, with `Annotator` set to `annotator` when
/// given), then the movetext with the analysis and `result`. Moves `analysis` does not
/// cover are written bare.
pub fn write_annotated(
    game: &Game,
    headers: &[(String, String)],
    result: &str,
    analysis: &GameAnalysis,
    annotator: Option<&str>,
) -> String {
    let mut tags: Vec<(String, String)> = headers
        .iter()
        .filter(|(k, _)| annotator.is_none() || k != "Annotator")
        .cloned()
        .collect();
    if let Some(a) = annotator {
        tags.push(("Annotator".into(), a.into()));
    }
    let accuracy = analysis.accuracy();
    for (side, acc) in ["White", "Black"].iter().zip(accuracy) {
        let tag = format!("{side}Accuracy");
        tags.retain(|(k, _)| *k != tag);
        if let Some(acc) = acc {
            tags.push((tag, format!("{acc:.1}")));
        }
    }
    let mut out = write_tags(game, &tags, result);
    let mut text = Movetext::default();
    if !analysis.moves.is_empty() {
        // Word by word, so that the movetext wraps within it.
        let comment = format!("{{{}}}", scale_comment(analysis.thresholds));
        text.tokens.extend(comment.split(' ').map(str::to_string));
        text.number_black = true;
    }
    let positions = game.positions();
    for (i, &mv) in game.moves().iter().enumerate() {
        let pos = &positions[i];
        text.play(pos, mv);
        let Some(review) = analysis.moves.get(i) else {
            continue;
        };
        if let Some(j) = review.judgement {
            text.push(format!("${}", j.nag()));
        }
        // Why the move is bad, when the engine's lines show a motif (the better line
        // alone is the variation below).
        match review.reason.as_ref().filter(|r| r.kind != Kind::BetterWas) {
            Some(reason) => text.comment(&format!("[%eval {}] {reason}", review.after)),
            None => text.comment(&format!("[%eval {}]", review.after)),
        }
        if review.judgement >= Some(Judgement::Mistake)
            && !review.pv.is_empty()
            && !review.is_best()
        {
            text.variation(pos, &review.pv, review.before);
        }
    }
    text.push(result.to_string());
    out.push_str(&wrap_movetext(&text.tokens));
    out.push_str("\n\n");
    out
}

/// The comment that opens an annotated game: what the marks mean.
fn scale_comment(t: Thresholds) -> String {
    format!(
        "Marks by the winning chances (-1 to 1, lichess's scale) a move gives away: \
         ?! {}, ? {}, ?? {}; accuracy by lichess's formula",
        t.inaccuracy, t.mistake, t.blunder
    )
}

/// Movetext tokens; a move token carries its number (`12. Nf3`, `12... Nc6`).
#[derive(Default)]
struct Movetext {
    tokens: Vec<String>,
    /// A black move must say its number (after a comment or a variation, or first).
    number_black: bool,
}

impl Movetext {
    fn push(&mut self, token: String) {
        self.tokens.push(token);
    }

    fn play(&mut self, pos: &Position, mv: Move) {
        let s = san(pos, mv);
        let n = pos.fullmove_number();
        let token = match pos.turn() {
            Color::White => format!("{n}. {s}"),
            Color::Black if self.number_black || self.tokens.is_empty() => format!("{n}... {s}"),
            Color::Black => s,
        };
        self.number_black = false;
        self.push(token);
    }

    fn comment(&mut self, text: &str) {
        self.push(format!("{{{text}}}"));
        self.number_black = true;
    }

    /// `( line )` replacing the move just written: played from `pos`, its first move
    /// followed by the evaluation the engine gave it.
    fn variation(&mut self, pos: &Position, line: &[Move], eval: Eval) {
        // The first move, its evaluation, then the rest (a black move after the comment
        // says its number again).
        let mut inner = san_movetext(pos, &line[..line.len().min(1)]);
        if !inner.is_empty() {
            inner.push(format!("{{[%eval {eval}]}}"));
            inner.extend(san_movetext(&pos.after(line[0]), &line[1..]));
        }
        if let Some(first) = inner.first_mut() {
            first.insert(0, '(');
        }
        if let Some(last) = inner.last_mut() {
            last.push(')');
        }
        self.tokens.extend(inner);
        self.number_black = true;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::verdict::PositionEval;

    fn line(game: &Game) -> Vec<Move> {
        game.moves().to_vec()
    }

    #[test]
    fn every_move_gets_its_eval_and_a_blunder_its_nag_and_line() {
        let mut game = Game::new();
        for m in ["e4", "e5", "Nf3", "Qg5"] {
            game.play_text(m).unwrap();
        }
        let mut best_line = Game::from_position(*game.positions().get(3).unwrap());
        best_line.play_text("Nc6").unwrap();
        best_line.play_text("Bb5").unwrap();
        let pe = |cp, best: Option<Move>, pv: Vec<Move>, played: Option<i32>| PositionEval {
            eval: Eval::Cp(cp),
            best,
            pv,
            depth: 4,
            nodes: 1,
            played: played.map(Eval::Cp),
        };
        let moves = line(&game);
        // The engine plays 1. e4 e5 2. Nf3 itself (each scored by its own search); 2... Qg5
        // leaves the queen to Nxg5: +0.35 with 2... Nc6, +9.00 for White after Qg5.
        let evals = vec![
            pe(20, Some(moves[0]), vec![moves[0]], None),
            pe(25, Some(moves[1]), vec![moves[1]], None),
            pe(30, Some(moves[2]), vec![moves[2]], None),
            pe(35, Some(line(&best_line)[0]), line(&best_line), Some(900)),
            pe(900, None, vec![], None),
        ];
        let analysis = GameAnalysis::from_evals(&game, evals, &Thresholds::default());
        let headers = vec![("White".to_string(), "A".to_string())];
        let pgn = write_annotated(&game, &headers, "*", &analysis, Some("Huo Chess"));
        assert!(pgn.contains("[White \"A\"]\n"), "{pgn}");
        assert!(pgn.contains("[Annotator \"Huo Chess\"]\n"), "{pgn}");
        let movetext = pgn.split("\n\n").nth(1).unwrap().replace('\n', " ");
        // First what the marks mean, then the moves.
        let (comment, moves) = movetext.split_once("} ").unwrap();
        assert!(comment.contains("?! 0.1, ? 0.2, ?? 0.3"), "{comment}");
        assert_eq!(
            moves,
            "1. e4 {[%eval 0.20]} 1... e5 {[%eval 0.25]} 2. Nf3 {[%eval 0.30]} 2... Qg5 $4 \
             {[%eval 9.00]} (2... Nc6 {[%eval 0.35]} 3. Bb5) *"
        );
        // White played the engine's moves: accuracy 100; Black gave away a queen.
        assert!(pgn.contains("[WhiteAccuracy \"100.0\"]\n"), "{pgn}");
        let black: f64 = pgn.split("[BlackAccuracy \"").nth(1).unwrap()[..4]
            .parse()
            .unwrap();
        assert!(black < 60.0, "{pgn}");
        for l in pgn.lines() {
            assert!(l.len() <= 80, "{l}");
        }
    }

    #[test]
    fn long_games_wrap_at_80_columns_and_keep_numbers_with_moves() {
        let mut game = Game::new();
        for _ in 0..10 {
            for m in ["Nf3", "Nf6", "Ng1", "Ng8"] {
                game.play_text(m).unwrap();
            }
        }
        // White drifts 0.07 pawns a move; 4. Ng1 lets Black mate in 12, 4... Ng8 lets
        // the mate go.
        let mated = Eval::Mate {
            winner: Color::Black,
            moves: 12,
        };
        let cp = |i: usize| Eval::Cp(-(i as i32) * 7);
        let evals = (0..=game.moves().len())
            .map(|i| PositionEval {
                eval: if i == 7 { mated } else { cp(i) },
                best: None,
                pv: vec![],
                depth: 1,
                nodes: 1,
                played: Some(if i == 6 { mated } else { cp(i + 1) }),
            })
            .collect();
        let analysis = GameAnalysis::from_evals(&game, evals, &Thresholds::default());
        let pgn = write_annotated(&game, &[], "1/2-1/2", &analysis, None);
        assert!(!pgn.contains("Annotator"));
        for l in pgn.lines() {
            assert!(l.len() <= 80, "{l}");
            assert!(
                !l.ends_with('.'),
                "a move number is kept with its move: {l}"
            );
        }
        assert!(
            pgn.replace('\n', " ")
                .contains("4. Ng1 $4 {[%eval #-12]} 4... Ng8 $4 {[%eval -0.56]}"),
            "{pgn}"
        );
        let back = crate::pgn::parse_game(&pgn).unwrap();
        assert_eq!(back.moves, game.moves());
        assert_eq!(back.result, "1/2-1/2");
    }
}
