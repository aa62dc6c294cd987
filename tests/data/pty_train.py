"""Answers the trainer on a pseudo-terminal, then kills it with SIGKILL mid-session.

    python3 pty_train.py HUO_BOOK_BINARY BOOK_DIR MOVE...

Runs `huo-book --book BOOK_DIR --layers user train --recall` (new positions asked at
once, not shown first) at 80x25, answers each MOVE (waiting
for "Right: MOVE" after it), types the first letters of one more answer without Enter,
then kills the trainer at once (no chance to save anything on the way out). Prints
"killed" when every answer was taken, else what it last saw.
"""
import fcntl, os, select, signal, struct, subprocess, sys, termios, time

binary, book, moves = sys.argv[1], sys.argv[2], sys.argv[3:]
master, slave = os.openpty()
fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 25, 80, 0, 0))
trainer = subprocess.Popen([binary, "--book", book, "--layers", "user", "train",
                            "--recall"],
                           stdin=slave, stdout=slave, stderr=slave, start_new_session=True)
os.close(slave)
seen = b""


def read_until(text, seconds=30):
    global seen
    end = time.monotonic() + seconds
    while text not in seen and time.monotonic() < end:
        if select.select([master], [], [], 0.2)[0]:
            try:
                seen += os.read(master, 65536)
            except OSError:
                break
    found = text in seen
    if found:
        seen = seen[seen.index(text) + len(text):]
    return found


ok = read_until(b"what does your book play")
for move in moves:
    os.write(master, move.encode() + b"\r")
    ok = ok and read_until(b"Right: " + move.encode())
os.write(master, b"Bb")
time.sleep(0.3)
trainer.send_signal(signal.SIGKILL)
trainer.wait()
print("killed" if ok else "stuck: " + seen[-400:].decode(errors="replace"))
