"""Starts the game on an 80x25 pseudo-terminal (or on no terminal at all) and reports how
it went, for tests of what happens before the screen opens.

    python3 pty_run.py HUO_CHESS_BINARY pty|none [ARGS...]

`pty`: standard input, output and error are the pseudo-terminal, as in a terminal window.
`none`: standard input is empty, output and error are pipes, and the process has no
controlling terminal (a script, a service, a CI job). The game gets 10 s to end by itself.

Prints three lines: `exit N` (or `still running`, then it is killed), `screen opened` or
`screen not opened` (did it switch to the alternate screen?), then everything it wrote,
on one line with its control characters escaped.
"""
import os, select, subprocess, sys, time

binary, mode, args = sys.argv[1], sys.argv[2], sys.argv[3:]
seen = b""
if mode == "pty":
    import fcntl, struct, termios
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 25, 80, 0, 0))
    game = subprocess.Popen([binary] + args, stdin=slave, stdout=slave, stderr=slave,
                            start_new_session=True)
    os.close(slave)
    end = time.monotonic() + 10
    while game.poll() is None and time.monotonic() < end:
        if select.select([master], [], [], 0.2)[0]:
            try:
                seen += os.read(master, 65536)
            except OSError:
                break
    # What is left after it ended.
    while select.select([master], [], [], 0.2)[0]:
        try:
            chunk = os.read(master, 65536)
        except OSError:
            break
        if not chunk:
            break
        seen += chunk
    # The terminal closes as the game exits: reading can end a moment before the exit is
    # reported, so wait for it within the time left.
    try:
        game.wait(timeout=max(0.5, end - time.monotonic()))
    except subprocess.TimeoutExpired:
        pass
else:
    game = subprocess.Popen([binary] + args, stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            start_new_session=True)
    try:
        seen, _ = game.communicate(timeout=10)
    except subprocess.TimeoutExpired:
        pass
if game.poll() is None:
    game.kill()
    print("still running")
else:
    print("exit", game.returncode)
print("screen opened" if b"\x1b[?1049h" in seen else "screen not opened")
print(seen.decode("utf-8", "replace").encode("unicode_escape").decode("ascii"))
