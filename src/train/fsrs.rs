//! The scheduler: when a position is asked again, by FSRS-6 (the Free Spaced Repetition
//! Scheduler, version 6, with its published default parameters).
//!
//! FSRS models a memory by two numbers. The **stability** S is the number of days after
//! which the chance of still remembering falls to 90%; the **difficulty** D, from 1 to 10,
//! is how hard the item is to keep (a hard one gains less stability from each success).
//! The chance of remembering t days after the last review, the retrievability, is
//! R(t, S) = (1 + F·t/S)^C, with C = −w20 and F = 0.9^(1/C) − 1 (so R(S, S) = 0.9). The
//! next review is planned for when R will have fallen to the desired retention (90%):
//! I(S) = S/F · (0.9^(1/C) − 1) = S days, rounded, at least one.
//!
//! After each answer, graded Again (wrong), Hard, Good or Easy (G = 1 to 4):
//! - a first answer: S = w[G−1], D = w4 − e^(w5·(G−1)) + 1;
//! - the same day as the review before (a step): S' = S · e^(w17·(G − 3 + w18)) · S^(−w19),
//!   never below S for a success;
//! - a success on a later day: S' = S · (1 + e^w8 · (11 − D) · S^(−w9) · (e^(w10·(1−R)) − 1)
//!   · (w15 if Hard) · (w16 if Easy));
//! - a failure on a later day: S' = min(w11 · D^(−w12) · ((S+1)^w13 − 1) · e^(w14·(1−R)),
//!   S / e^(w17·w18));
//! - the difficulty moves by −w6·(G−3), damped as it nears 10 (times (10−D)/9), then a
//!   share w7 of the way back to the first-answer difficulty of Easy; D stays in 1..10.
//!
//! Source of the formulas and the default parameters: "The Algorithm" (FSRS-6) in the
//! open-spaced-repetition project's wiki (github.com/open-spaced-repetition/fsrs4anki,
//! wiki page "The-Algorithm"). Written here from those formulas; the tests check them
//! against numbers of the reference scheduler (py-fsrs 6.3.2, `tools/fsrs-reference.py`).
//!
//! Huo Chess counts in days: a wrong answer (and Hard on a position still being learned)
//! is asked again the same day, in the same session if it comes up (the reference
//! scheduler's one learning step and one relearning step); a right one after the interval
//! of its new stability. A position waiting for that same-day step is one whose due day is
//! its last review's day.

/// How an answer went.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Grade {
    /// Wrong: not remembered.
    Again = 1,
    /// Remembered with difficulty.
    Hard = 2,
    /// Remembered.
    Good = 3,
    /// Remembered at once.
    Easy = 4,
}

/// FSRS-6's published default parameters w0 … w20.
pub const DEFAULT_WEIGHTS: [f64; 21] = [
    0.212, 1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001, 1.8722, 0.1666, 0.796, 1.4835,
    0.0614, 0.2629, 1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542,
];

/// The smallest stability, in days.
const MIN_STABILITY: f64 = 0.001;

/// The scheduler's settings.
#[derive(Clone, Debug, PartialEq)]
pub struct Params {
    pub w: [f64; 21],
    /// The chance of remembering the next review is planned for (0.9).
    pub desired_retention: f64,
    /// The longest interval, in days (100 years).
    pub maximum_interval: i64,
}

impl Default for Params {
    fn default() -> Params {
        Params {
            w: DEFAULT_WEIGHTS,
            desired_retention: 0.9,
            maximum_interval: 36_500,
        }
    }
}

/// What the scheduler knows of one position: its memory and its days.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Memory {
    /// Days until the chance of remembering falls to 90%.
    pub stability: f64,
    /// 1 (easy) to 10 (hard).
    pub difficulty: f64,
    /// The day of the last answer (days since 1970-01-01).
    pub last: i64,
    /// The day it is asked again.
    pub due: i64,
}

impl Memory {
    /// Waiting to be asked again the day of its last answer (after a wrong answer).
    pub fn in_step(&self) -> bool {
        self.due <= self.last
    }

    /// Due on `today` (or overdue).
    pub fn is_due(&self, today: i64) -> bool {
        self.due <= today
    }
}

impl Params {
    fn decay(&self) -> f64 {
        -self.w[20]
    }

    fn factor(&self) -> f64 {
        0.9f64.powf(1.0 / self.decay()) - 1.0
    }

    /// The chance of remembering `memory` on `today`: 1 on the day of the last answer.
    pub fn retrievability(&self, memory: &Memory, today: i64) -> f64 {
        let t = (today - memory.last).max(0) as f64;
        (1.0 + self.factor() * t / memory.stability).powf(self.decay())
    }

    /// Days until the chance of remembering falls to the desired retention: at least one.
    pub fn interval(&self, stability: f64) -> i64 {
        let days =
            stability / self.factor() * (self.desired_retention.powf(1.0 / self.decay()) - 1.0);
        (days.round() as i64).clamp(1, self.maximum_interval)
    }

    fn first_difficulty(&self, g: Grade) -> f64 {
        self.w[4] - (self.w[5] * (g as i32 - 1) as f64).exp() + 1.0
    }

    fn next_difficulty(&self, d: f64, g: Grade) -> f64 {
        let delta = -self.w[6] * (g as i32 - 3) as f64;
        let damped = d + delta * (10.0 - d) / 9.0;
        let reverted = self.w[7] * self.first_difficulty(Grade::Easy) + (1.0 - self.w[7]) * damped;
        reverted.clamp(1.0, 10.0)
    }

    fn same_day_stability(&self, s: f64, g: Grade) -> f64 {
        let w = &self.w;
        let mut gain = (w[17] * (g as i32 - 3) as f64 + w[17] * w[18]).exp() * s.powf(-w[19]);
        if g != Grade::Again {
            gain = gain.max(1.0);
        }
        (s * gain).max(MIN_STABILITY)
    }

    fn later_stability(&self, s: f64, d: f64, r: f64, g: Grade) -> f64 {
        let w = &self.w;
        let next = if g == Grade::Again {
            let long =
                w[11] * d.powf(-w[12]) * ((s + 1.0).powf(w[13]) - 1.0) * (w[14] * (1.0 - r)).exp();
            long.min(s / (w[17] * w[18]).exp())
        } else {
            let hard = if g == Grade::Hard { w[15] } else { 1.0 };
            let easy = if g == Grade::Easy { w[16] } else { 1.0 };
            s * (1.0
                + w[8].exp()
                    * (11.0 - d)
                    * s.powf(-w[9])
                    * ((w[10] * (1.0 - r)).exp() - 1.0)
                    * hard
                    * easy)
        };
        next.max(MIN_STABILITY)
    }

    /// The memory after an answer graded `g` on `today`; `before`: the memory before it
    /// (`None`: a first answer).
    pub fn review(&self, before: Option<&Memory>, g: Grade, today: i64) -> Memory {
        let (stability, difficulty, learning) = match before {
            None => (
                self.w[g as usize - 1].max(MIN_STABILITY),
                self.first_difficulty(g).clamp(1.0, 10.0),
                true,
            ),
            Some(m) => {
                let s = if today - m.last < 1 {
                    self.same_day_stability(m.stability, g)
                } else {
                    let r = self.retrievability(m, today);
                    self.later_stability(m.stability, m.difficulty, r, g)
                };
                (s, self.next_difficulty(m.difficulty, g), m.in_step())
            }
        };
        // Wrong: again today. Hard, on a position still being learned: again today too.
        let again_today = g == Grade::Again || (g == Grade::Hard && learning);
        let due = if again_today {
            today
        } else {
            today + self.interval(stability)
        };
        Memory {
            stability,
            difficulty,
            last: today,
            due,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Grade::*;

    /// One review of a reference sequence and the memory the reference scheduler gave:
    /// (day, grade, stability, difficulty, due day).
    type Step = (i64, Grade, f64, f64, i64);

    /// The sequences `tools/fsrs-reference.py` prints (py-fsrs 6.3.2: one ten-minute
    /// learning and relearning step, no fuzz; days from day 0).
    const REFERENCE: &[(&str, &[Step])] = &[
        ("first_good", &[(0, Good, 2.306500, 2.118104, 2)]),
        ("first_again", &[(0, Again, 0.212000, 6.413300, 0)]),
        ("first_hard", &[(0, Hard, 1.293100, 5.112171, 0)]),
        ("first_easy", &[(0, Easy, 8.295600, 1.000000, 8)]),
        (
            "on_time_goods",
            &[
                (0, Good, 2.306500, 2.118104, 2),
                (2, Good, 10.964332, 2.111214, 13),
                (12, Good, 43.931669, 2.104331, 56),
                (50, Good, 144.833100, 2.097455, 195),
            ],
        ),
        (
            "lapse_then_relearn",
            &[
                (0, Good, 2.306500, 2.118104, 2),
                (2, Good, 10.964332, 2.111214, 13),
                (12, Again, 1.522138, 7.392238, 12),
                (12, Good, 1.555735, 7.380074, 14),
                (15, Good, 5.900121, 7.367923, 21),
            ],
        ),
        (
            "again_then_good_same_day",
            &[
                (0, Again, 0.212000, 6.413300, 0),
                (0, Good, 0.246689, 6.402115, 1),
                (1, Good, 2.021477, 6.390941, 3),
            ],
        ),
        (
            "again_twice_then_late",
            &[
                (0, Again, 0.212000, 6.413300, 0),
                (0, Again, 0.083357, 8.806304, 0),
                (5, Good, 0.895022, 8.792727, 6),
            ],
        ),
        (
            "early_and_late",
            &[
                (0, Good, 2.306500, 2.118104, 2),
                (1, Good, 7.315301, 2.111214, 8),
                (40, Good, 72.886817, 2.104331, 113),
                (41, Hard, 74.921478, 4.743716, 116),
                (60, Easy, 150.439366, 2.972539, 210),
            ],
        ),
        (
            "step_left_for_days",
            &[
                (0, Good, 2.306500, 2.118104, 2),
                (2, Again, 0.607580, 7.394503, 2),
                (9, Good, 5.111185, 7.382337, 14),
            ],
        ),
    ];

    #[test]
    fn the_reference_schedulers_numbers() {
        let p = Params::default();
        // Day 0 is 2026-01-01, as in the script (only differences of days matter).
        let day0 = crate::util::date::parse_iso("2026-01-01").unwrap();
        for (name, steps) in REFERENCE {
            let mut memory: Option<Memory> = None;
            for (i, &(day, grade, s, d, due)) in steps.iter().enumerate() {
                let m = p.review(memory.as_ref(), grade, day0 + day);
                let at = format!("{name}, review {} ({grade:?} on day {day})", i + 1);
                assert!(
                    (m.stability - s).abs() < 5e-6,
                    "{at}: stability {} not {s}",
                    m.stability
                );
                assert!(
                    (m.difficulty - d).abs() < 5e-6,
                    "{at}: difficulty {} not {d}",
                    m.difficulty
                );
                assert_eq!(m.due - day0, due, "{at}: due day");
                assert_eq!(m.last, day0 + day, "{at}: last day");
                memory = Some(m);
            }
        }
    }

    #[test]
    fn a_wrong_answer_comes_back_sooner_than_a_right_one() {
        let p = Params::default();
        let right = p.review(None, Good, 100);
        let wrong = p.review(None, Again, 100);
        assert_eq!(wrong.due, 100, "asked again the same day");
        assert!(wrong.in_step() && !right.in_step());
        assert!(right.due > 100);
        // After a later success the wrong one still comes back before the right one would.
        let right2 = p.review(Some(&right), Good, right.due);
        let relearnt = p.review(Some(&wrong), Good, 100);
        assert!(relearnt.due < right2.due);
        assert!(relearnt.difficulty > right2.difficulty);
    }

    #[test]
    fn retrievability_is_ninety_percent_after_stability_days() {
        let p = Params::default();
        let m = Memory {
            stability: 10.0,
            difficulty: 5.0,
            last: 0,
            due: 10,
        };
        assert!((p.retrievability(&m, 10) - 0.9).abs() < 1e-9);
        assert_eq!(p.retrievability(&m, 0), 1.0);
        assert!(p.retrievability(&m, 30) < p.retrievability(&m, 20));
        // A day before the last review (a clock set back) counts as that day.
        assert_eq!(p.retrievability(&m, -3), 1.0);
        assert_eq!(p.interval(10.0), 10);
        assert_eq!(p.interval(0.2), 1, "never less than a day");
        assert_eq!(p.interval(1e9), 36_500);
    }
}
