#!/usr/bin/env python3
"""Writes a generated reactor-shell script to stdout, for the batch benchmarks.

usage: generate-script.py KIND LINES [--expect-every N] [--seed S]
       generate-script.py board POSTS RENAMES [--seed S]

KIND (each line one action; no cache of identical lines can carry the random ones):
  scoreboard         the four scoreboard commands in a fixed rotation with `setScore` from fifteen
                     argument pairs: lines repeat (round one's generator, kept for comparison)
  scoreboard-random  a random mix of the four scoreboard commands, `setScore` with random scores
  setscore-random    `setScore A B` with random scores only
  counter            `increase` and `decrease` on the counter (virtual clock, 4 mutations a line)
  board              POSTS posts created through `write.submit` with diffs off, then diffs on and
                     RENAMES `rename ID "title K"` lines on random ids (every title different), then
                     the same closing lines whatever RENAMES is (:expect on the count, three renames
                     checked). RENAMES = 0 gives the rest alone, whose time is subtracted to get the
                     time of one rename.
  search-overlap     github-search, `updateQuery "qI" &` with I = 1 ... LINES - 1: each search cancels
                     the one before while every effect is still in flight (issue 25)
  search-paging      as search-overlap, each `updateQuery "qI" &` followed by a `loadNextPage &`
  counter-overlap    `increase &` on the counter: LINES - 1 effects overlapping on the clock
Every N lines (default 1000) an :expect checks the state, so the run also proves it stayed right.
"""
import random
import sys


def scoreboard(lines, expect_every):
    yield ":use scoreboard"
    home = away = 0
    for i in range(1, lines):
        kind = i % 10
        if kind in (0, 1, 2, 3):
            home += 1
            yield "homeScore"
        elif kind in (4, 5, 6):
            away += 1
            yield "awayScore"
        elif kind in (7, 8):
            home, away = i % 7, i % 5
            yield f"setScore home: {home} away: {away}"
        else:
            home = away = 0
            yield "resetScore"
        if i % expect_every == 0:
            yield f":expect home == {home}"


def scoreboard_random(lines, expect_every, rng):
    yield ":use scoreboard"
    home = away = 0
    for i in range(1, lines):
        kind = rng.randrange(4)
        if kind == 0:
            home += 1
            yield "homeScore"
        elif kind == 1:
            away += 1
            yield "awayScore"
        elif kind == 2:
            home, away = rng.randrange(1_000_000_000), rng.randrange(1_000_000_000)
            yield f"setScore {home} {away}"
        else:
            home = away = 0
            yield "resetScore"
        if i % expect_every == 0:
            yield f":expect home == {home}"


def setscore_random(lines, expect_every, rng):
    yield ":use scoreboard"
    seen = set()
    home = 0
    for i in range(1, lines):
        while True:
            home, away = rng.randrange(1_000_000_000), rng.randrange(1_000_000_000)
            if (home, away) not in seen:
                break
        seen.add((home, away))
        yield f"setScore {home} {away}"
        if i % expect_every == 0:
            yield f":expect home == {home}"


def counter(lines, expect_every):
    yield ":use counter"
    value = 0
    for i in range(1, lines):
        if i % 3 == 2:
            value -= 1
            yield "decrease"
        else:
            value += 1
            yield "increase"
        if i % expect_every == 0:
            yield f":expect value == {value}"


def search_overlap(lines, paging):
    yield ":use github-search"
    for i in range(1, lines):
        yield f'updateQuery "q{i}" &'
        if paging:
            yield "loadNextPage &"


def counter_overlap(lines):
    yield ":use counter"
    for _ in range(1, lines):
        yield "increase &"


def board(posts, renames, seed):
    yield ":use board"
    yield ":set diff off"
    yield 'write.updateTitle "post"'
    for _ in range(posts):
        yield "write.submit"
    yield f":expect posts.count == {posts}"
    yield ":set diff on"
    rng = random.Random(seed)
    for k in range(renames):
        yield f'rename {rng.randint(1, posts)} "title {k}"'
    # The same closing lines whatever RENAMES is, so that two runs differ by the renames alone.
    yield f":expect posts.count == {posts}"
    for post_id in sorted({1, (posts + 1) // 2, posts}):
        yield f'board.rename {post_id} "final {post_id}"'
        yield f':expect posts[{posts - post_id}].title == "final {post_id}"'


def main():
    args = sys.argv[1:]
    kinds = ("scoreboard", "scoreboard-random", "setscore-random", "counter", "board",
             "search-overlap", "search-paging", "counter-overlap")
    if len(args) < 2 or args[0] not in kinds:
        sys.exit(__doc__)
    if args[0] == "board":
        if len(args) < 3:
            sys.exit(__doc__)
        seed = int(args[args.index("--seed") + 1]) if "--seed" in args else 1
        for line in board(int(args[1]), int(args[2]), seed):
            sys.stdout.write(line + "\n")
        return
    expect_every = 1000
    if "--expect-every" in args:
        expect_every = int(args[args.index("--expect-every") + 1])
    seed = 1
    if "--seed" in args:
        seed = int(args[args.index("--seed") + 1])
    rng = random.Random(seed)
    lines = int(args[1])
    if args[0] == "scoreboard":
        generated = scoreboard(lines, expect_every)
    elif args[0] == "scoreboard-random":
        generated = scoreboard_random(lines, expect_every, rng)
    elif args[0] in ("search-overlap", "search-paging"):
        generated = search_overlap(lines, paging=args[0] == "search-paging")
    elif args[0] == "counter-overlap":
        generated = counter_overlap(lines)
    elif args[0] == "setscore-random":
        generated = setscore_random(lines, expect_every, rng)
    else:
        generated = counter(lines, expect_every)
    out = sys.stdout
    for line in generated:
        out.write(line)
        out.write("\n")


if __name__ == "__main__":
    main()
