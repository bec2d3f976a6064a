#!/usr/bin/env python3
"""How the Emperor's lead comes in recorded Imperator games (issue 30).

Reads the records `polemarch selfplay imperator ... --out OUT` writes
(OUT/games/game-*.json) and prints, for the Winters of those games: the
lead in units of the Emperor (the title's holder) over the best other player
after the Winter's builds and removals, and after the frontier dice that
follow them (rulings I2, I4, I1: a die of 1 or 2 destroys a garrison; a
Commander whose personal unit (AGC) is destroyed is out, his units and
centres go to the Emperor); then how each game was won. Run:

    python3 tools/imperator_lead.py OUT

It only counts what the records say (orders' results and the next phase's
units); the rules are the judge's.
"""
import collections
import glob
import json
import os
import sys

INVADERS = ("Barbarians", "Persians")


def units(board):
    return {power: len(us) for power, us in board["units"].items() if power not in INVADERS}


def lead(counts, emperor):
    others = [n for power, n in counts.items() if power != emperor]
    return counts.get(emperor, 0) - max(others, default=0)


def winter(phase, after):
    """The Winter's counts after adjustments and after the dice, and what the dice did."""
    emperor = phase["start"]["state"].get("emperor", "Emperor")
    counts = collections.Counter(units(phase["start"]))
    fallen = []
    for result in phase["processed"]["results"]:
        order, power, ok = result["order"], result["power"], result["result"] == "SUCCESS"
        verb = order.split()[0].upper()
        if verb == "BUILD" and ok:
            counts[power] += 1
        elif verb in ("REMOVE", "DISBAND") and ok:
            counts[power] -= 1
        elif "frontier die" in result["reason"] and not ok and order.startswith("AGC"):
            fallen.append(power)
    end = units(after["start"]) if after else dict(counts)
    return emperor, lead(counts, emperor), lead(end, emperor), fallen


def main(folder):
    paths = sorted(glob.glob(os.path.join(folder, "games", "game-*.json")))
    if not paths:
        sys.exit(f"{folder}: no games/game-*.json (run polemarch selfplay with --out and without --no-records)")
    by_year = collections.defaultdict(list)
    how = collections.Counter()
    fell = collections.Counter()
    for path in paths:
        with open(path) as f:
            record = json.load(f)
        phases = record["phases"]
        winters = [i for i, p in enumerate(phases) if "Adjustment" in p["phase"] and "processed" in p]
        last = None
        for i in winters:
            after = phases[i + 1] if i + 1 < len(phases) else None
            year = phases[i]["phase"].split()[1].rstrip(",")
            last = winter(phases[i], after)
            by_year[year].append(last[1])
            fell.update(last[3])
        winner = record["result"].get("solo")
        if winner is None:
            how["no solo"] += 1
        elif last is None or last[0] != winner:
            how[f"{winner}, not as the Emperor"] += 1
        elif winner != "Emperor":
            how[f"{winner}, as the Emperor (after the first one fell, I8)"] += 1
        elif last[1] >= 5:
            how["the Emperor, 5 units ahead after the Winter's builds"] += 1
        elif last[3]:
            how["the Emperor, ahead only once a Commander fell to a frontier die (his units to the Emperor)"] += 1
        else:
            how["the Emperor, ahead only once the frontier dice destroyed other players' garrisons"] += 1
    print(f"{len(paths)} games in {folder}\n")
    print("| Winter | games played to it | the Emperor's lead after its builds: mean | 5 or more |")
    print("|---|---|---|---|")
    for year in sorted(by_year, key=int):
        leads = by_year[year]
        print(f"| {year} | {len(leads)} | {sum(leads) / len(leads):.1f} | {sum(l >= 5 for l in leads)} |")
    print("\n| how the game was won | games |\n|---|---|")
    for text, n in how.most_common():
        print(f"| {text} | {n} |")
    out = ", ".join(f"{power} {n}" for power, n in fell.most_common()) or "none"
    print(f"\nCommanders out by a frontier die on their personal unit (AGC), games: {out}")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else sys.exit(__doc__))
