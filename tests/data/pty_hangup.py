"""Plays a move in the game screen on a pseudo-terminal, then closes the terminal under it.

    python3 pty_hangup.py HUO_CHESS_BINARY [close|signals]

The game runs in its own session without a controlling terminal, so closing the terminal
sends it no SIGHUP: it only finds its input gone. With `signals` the terminal stays and
the game gets SIGTERM and at once SIGHUP instead, as when the system shuts down and the
terminal window goes with it. Prints "exited N" when the game ends on its own within 30 s
(N its exit status; with `signals`, then what it wrote last), else "still running" (and
kills it).
"""
import fcntl, os, select, signal, struct, subprocess, sys, termios, time

master, slave = os.openpty()
fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 25, 80, 0, 0))
game = subprocess.Popen([sys.argv[1], "--color", "w", "--level", "classic-1"],
                        stdin=slave, stdout=slave, stderr=slave, start_new_session=True)
os.close(slave)


def read_until(text, seconds):
    seen, end = b"", time.monotonic() + seconds
    while text not in seen and time.monotonic() < end:
        if select.select([master], [], [], 0.2)[0]:
            try:
                seen += os.read(master, 65536)
            except OSError:
                break
    return text in seen


ok = read_until(b"Enter", 30)
os.write(master, b"e2e4\r")
ok = ok and read_until(b"My move", 30)
if sys.argv[2:] == ["signals"]:
    game.send_signal(signal.SIGTERM)
    game.send_signal(signal.SIGHUP)
else:
    os.close(master)  # the terminal window closes
for _ in range(300):
    if game.poll() is not None:
        print("exited", game.returncode, "replied" if ok else "no reply")
        if sys.argv[2:] == ["signals"]:  # what it wrote last (its message on leaving)
            rest = b""
            while select.select([master], [], [], 0.2)[0]:
                try:
                    chunk = os.read(master, 65536)
                except OSError:
                    break
                if not chunk:
                    break
                rest += chunk
            print(rest.decode("utf-8", "replace"))
        break
    time.sleep(0.1)
else:
    game.kill()
    print("still running")
