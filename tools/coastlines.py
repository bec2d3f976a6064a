#!/usr/bin/env python3
"""Writes the land of every map of real geography, for pictures.

The land is Natural Earth's (version 4.1.0, public domain: "All versions of
Natural Earth raster + vector map data found on this website are in the
public domain"), as shipped in the npm package world-atlas 2.0.2
(land-10m.json, TopoJSON in longitude and latitude). This script fetches
that package with `npm pack` (or reads the folder given with --package),
and for each map whose map.toml has a `[picture]` table writes the file it
names: the land's rings cut to the part of the globe the map shows and
simplified to about two pixels of a 1400-pixel picture. Only that derived
file is committed, never the package's files.

    python3 tools/coastlines.py            # every map
    python3 tools/coastlines.py standard   # one map folder

The file's format is in docs/variant-format.md ("Pictures: real
coastlines"). The map's georeference (its `places`) is hand-written in
map.toml; the script reads it only to know which part of the globe to keep.
"""

import json
import math
import os
import subprocess
import sys
import tarfile
import tempfile
import tomllib

PACKAGE = "world-atlas@2.0.2"
DATA = "land-10m.json"
ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")


def fetch_package():
    """The package's folder, unpacked from `npm pack` in a temporary folder."""
    tmp = tempfile.mkdtemp(prefix="world-atlas-")
    out = subprocess.run(["npm", "pack", PACKAGE], cwd=tmp, check=True, capture_output=True, text=True)
    tgz = out.stdout.strip().splitlines()[-1]
    with tarfile.open(os.path.join(tmp, tgz)) as t:
        t.extractall(tmp, filter="data")
    return os.path.join(tmp, "package")


def land_rings(topo):
    """Every ring of the TopoJSON's `land` object, as [(lon, lat), ...]."""
    sx, sy = topo["transform"]["scale"]
    tx, ty = topo["transform"]["translate"]
    arcs = []
    for arc in topo["arcs"]:
        x = y = 0
        pts = []
        for dx, dy in arc:
            x += dx
            y += dy
            pts.append((x * sx + tx, y * sy + ty))
        arcs.append(pts)

    def ring(indices):
        out = []
        for i in indices:
            pts = arcs[i] if i >= 0 else arcs[~i][::-1]
            out.extend(pts if not out else pts[1:])
        # A ring that crosses the antimeridian (Eurasia, at Chukotka) jumps
        # from 180 to -180: unwrap it, so that no edge runs round the globe.
        shift = 0.0
        for k in range(1, len(out)):
            lon = out[k][0] + shift
            if lon - out[k - 1][0] > 180:
                shift -= 360
            elif lon - out[k - 1][0] < -180:
                shift += 360
            out[k] = (out[k][0] + shift, out[k][1])
        # ... and bring it back whole to the side where most of it lies.
        middle = sorted(p[0] for p in out)[len(out) // 2]
        back = -360.0 * round(middle / 360.0)
        return [(lon + back, lat) for lon, lat in out]

    rings = []
    for geom in topo["objects"]["land"]["geometries"]:
        polys = geom["arcs"] if geom["type"] == "MultiPolygon" else [geom["arcs"]]
        for poly in polys:
            for r in poly:
                rings.append(ring(r))
    return rings


def solve3(m, v):
    """Solves the 3x3 system m x = v (Cramer)."""
    def det(a):
        return (a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1]) - a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0])
                + a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0]))
    d = det(m)
    out = []
    for k in range(3):
        a = [row[:] for row in m]
        for i in range(3):
            a[i][k] = v[i]
        out.append(det(a) / d)
    return out


def globe_box(mf):
    """The longitudes and latitudes the map's frame covers: the affine fit
    of the places' lon/lat to their provinces' points, inverted at the
    corners of the points' box, with a margin."""
    at = {p["abbr"]: p["at"] for p in mf["province"]}
    places = [(lonlat, at[abbr]) for abbr, lonlat in mf["picture"]["places"].items()]
    xs = [p["at"][0] for p in mf["province"]]
    ys = [p["at"][1] for p in mf["province"]]
    # map point -> lon/lat, least squares: lon = a x + b y + c.
    m = [[0.0] * 3 for _ in range(3)]
    vl, va = [0.0] * 3, [0.0] * 3
    for (lon, lat), (x, y) in places:
        row = (x, y, 1.0)
        for i in range(3):
            for j in range(3):
                m[i][j] += row[i] * row[j]
            vl[i] += row[i] * lon
            va[i] += row[i] * lat
    cl, ca = solve3(m, vl), solve3(m, va)
    w, h = max(xs) - min(xs), max(ys) - min(ys)
    corners = [(x, y) for x in (min(xs) - 0.15 * w, max(xs) + 0.15 * w) for y in (min(ys) - 0.15 * h, max(ys) + 0.15 * h)]
    lons = [cl[0] * x + cl[1] * y + cl[2] for x, y in corners]
    lats = [ca[0] * x + ca[1] * y + ca[2] for x, y in corners]
    return max(-180, min(lons)), min(180, max(lons)), max(-90, min(lats)), min(90, max(lats))


def clip(ring, box):
    """Sutherland-Hodgman: the ring cut to the box."""
    lon0, lon1, lat0, lat1 = box
    edges = [(lambda p: p[0] >= lon0, 0, lon0), (lambda p: p[0] <= lon1, 0, lon1),
             (lambda p: p[1] >= lat0, 1, lat0), (lambda p: p[1] <= lat1, 1, lat1)]
    for inside, axis, value in edges:
        out = []
        n = len(ring)
        for i in range(n):
            a, b = ring[i], ring[(i + 1) % n]
            if inside(a):
                out.append(a)
            if inside(a) != inside(b):
                t = (value - a[axis]) / (b[axis] - a[axis])
                out.append((a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])))
        ring = out
        if not ring:
            return []
    return ring


def simplify(pts, tol):
    """Douglas-Peucker, iteratively, on an open line."""
    if len(pts) < 3:
        return pts
    keep = [False] * len(pts)
    keep[0] = keep[-1] = True
    stack = [(0, len(pts) - 1)]
    while stack:
        i, j = stack.pop()
        (ax, ay), (bx, by) = pts[i], pts[j]
        dx, dy = bx - ax, by - ay
        norm = math.hypot(dx, dy)
        best, at = -1.0, None
        for k in range(i + 1, j):
            px, py = pts[k]
            d = abs(dx * (ay - py) - dy * (ax - px)) / norm if norm > 0 else math.hypot(px - ax, py - ay)
            if d > best:
                best, at = d, k
        if at is not None and best > tol:
            keep[at] = True
            stack += [(i, at), (at, j)]
    return [p for p, k in zip(pts, keep) if k]


def area(ring):
    return 0.5 * abs(sum(a[0] * b[1] - b[0] * a[1] for a, b in zip(ring, ring[1:] + ring[:1])))


def write_map(folder, rings):
    path = os.path.join(ROOT, "variants", folder, "map.toml")
    with open(path, "rb") as f:
        mf = tomllib.load(f)
    pic = mf.get("picture")
    if not pic:
        return False
    box = globe_box(mf)
    tol = max(box[1] - box[0], box[3] - box[2]) / 700
    out = []
    for r in rings:
        if max(p[0] for p in r) < box[0] or min(p[0] for p in r) > box[1] or max(p[1] for p in r) < box[2] or min(p[1] for p in r) > box[3]:
            continue
        c = clip(r, box)
        if len(c) < 3:
            continue
        s = simplify(c + [c[0]], tol)[:-1]
        if len(s) >= 3 and area(s) > (4 * tol) ** 2:
            out.append(s)
    dest = os.path.join(ROOT, "variants", folder, pic["coastline"])
    points = sum(len(r) for r in out)
    with open(dest, "w") as f:
        f.write("# The land of this map for pictures: Natural Earth 4.1.0 land (public domain),\n")
        f.write(f"# from the npm package {PACKAGE} ({DATA}), cut to longitude {box[0]:.2f} to {box[1]:.2f}\n")
        f.write(f"# and latitude {box[2]:.2f} to {box[3]:.2f}, simplified to {tol:.3f} degrees.\n")
        f.write("# Made by tools/coastlines.py: do not edit. One ring of land a line: lon,lat pairs.\n")
        for r in out:
            f.write(" ".join(f"{lon:.3f},{lat:.3f}" for lon, lat in r) + "\n")
    print(f"{dest}: {len(out)} rings, {points} points")
    return True


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    pkg = next((a.split("=", 1)[1] for a in sys.argv[1:] if a.startswith("--package=")), None) or fetch_package()
    with open(os.path.join(pkg, DATA)) as f:
        rings = land_rings(json.load(f))
    folders = args or sorted(os.listdir(os.path.join(ROOT, "variants")))
    for folder in folders:
        if os.path.exists(os.path.join(ROOT, "variants", folder, "map.toml")):
            write_map(folder, rings)


if __name__ == "__main__":
    main()
