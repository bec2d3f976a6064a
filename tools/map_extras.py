"""What the map generators (tools/vedder_map.py, city_state_map.py,
nikjon_map.py) add to a province table and to the end of map.toml besides
the facts of provinces.csv and adjacency.csv, from the same data folder:

- `regions.csv` (`abbr,x,y`, optional): region hints for pictures, in map
  coordinates, written `region = [[x, y], ...]` (docs/variant-format.md).
  They were suggested by `cargo run --release -p polemarch-render --example
  hints -- <variant>` and reviewed on the pictures.
- `picture.toml` (optional): the map's `[picture]` table (its coastline
  file and georeference), copied to the end of map.toml.
"""
import csv
import os


def region_hints(data):
    """Each province's hints, from data/regions.csv: {abbr: [[x, y], ...]}."""
    path = os.path.join(data, "regions.csv")
    hints = {}
    if not os.path.exists(path):
        return hints
    with open(path, newline="") as f:
        for n, row in enumerate(csv.DictReader(f), start=2):
            try:
                hints.setdefault(row["abbr"], []).append([float(row["x"]), float(row["y"])])
            except (KeyError, TypeError, ValueError):
                raise ValueError(f"regions.csv, line {n}: expected `abbr,x,y` with numbers for x and y")
    return hints


def region_line(hints, abbr):
    """The province's `region = ...` line, or nothing."""
    if abbr not in hints:
        return ""
    return "region = [" + ", ".join(f"[{x}, {y}]" for x, y in hints[abbr]) + "]\n"


def picture(data):
    """The `[picture]` table to end map.toml with, or nothing."""
    path = os.path.join(data, "picture.toml")
    if not os.path.exists(path):
        return ""
    with open(path) as f:
        return "\n" + f.read()
