#!/usr/bin/env python3
"""The expected numbers of src/train/fsrs.rs's tests, from the FSRS reference scheduler.

    python3 -m venv /tmp/fsrs && /tmp/fsrs/bin/pip install fsrs==6.3.2
    /tmp/fsrs/bin/python tools/fsrs-reference.py

Huo Chess schedules by the day: a wrong answer is asked again the same day (one
"relearning step"), a right one after the interval the stability gives. That is the
reference scheduler with one learning and one relearning step of ten minutes and no fuzz,
the k-th review of a sequence at noon (UTC) plus 10·k minutes: a step comes ten minutes
after the review before it, and the reviews of later days count whole days. Each
sequence prints, after each review: the day, the grade, the stability, the difficulty and
the day the position is due again (days from day 0).
"""

from datetime import datetime, timedelta, timezone

from fsrs import Card, Rating, Scheduler

GRADES = {"again": Rating.Again, "hard": Rating.Hard, "good": Rating.Good, "easy": Rating.Easy}

# (day, grade); a review on the same day as the one before is a step (ten minutes later).
SEQUENCES = {
    "first_good": [(0, "good")],
    "first_again": [(0, "again")],
    "first_hard": [(0, "hard")],
    "first_easy": [(0, "easy")],
    "on_time_goods": [(0, "good"), (2, "good"), (12, "good"), (50, "good")],
    "lapse_then_relearn": [(0, "good"), (2, "good"), (12, "again"), (12, "good"), (15, "good")],
    "again_then_good_same_day": [(0, "again"), (0, "good"), (1, "good")],
    "again_twice_then_late": [(0, "again"), (0, "again"), (5, "good")],
    "early_and_late": [(0, "good"), (1, "good"), (40, "good"), (41, "hard"), (60, "easy")],
    "step_left_for_days": [(0, "good"), (2, "again"), (9, "good")],
}


def main() -> None:
    scheduler = Scheduler(
        learning_steps=(timedelta(minutes=10),),
        relearning_steps=(timedelta(minutes=10),),
        enable_fuzzing=False,
    )
    day0 = datetime(2026, 1, 1, 12, 0, tzinfo=timezone.utc)
    for name, reviews in SEQUENCES.items():
        print(name)
        card = Card()
        for k, (day, grade) in enumerate(reviews):
            when = day0 + timedelta(days=day, minutes=10 * k)
            card, _ = scheduler.review_card(card, GRADES[grade], when)
            due = (card.due.date() - day0.date()).days
            print(f"  ({day}, {grade}) => S {card.stability:.6f} D {card.difficulty:.6f} due {due}")


if __name__ == "__main__":
    main()
