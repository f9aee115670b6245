"""A strict reader of the SVG documents `screen.render` writes: well-formed XML (ElementTree refuses anything
else), SVG 1.1 elements and attributes only (plus `data-*`, `role`, `aria-*`), numbers where SVG wants numbers,
every `url(#id)` defined, nothing external and no script. Written from the SVG 1.1 specification's element and
attribute tables, not from the daemon's writer."""

import re
import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"
PRESENTATION = {"fill", "fill-opacity", "stroke", "stroke-opacity", "stroke-width", "stroke-linecap", "opacity",
                "filter", "font-family", "font-size", "font-weight", "text-anchor", "transform"}
ALLOWED = {
    "svg": {"version", "width", "height", "viewBox", "role", "aria-labelledby", "x", "y"},  # x, y: a nested frame
    "title": {"id"},
    "defs": set(),
    "linearGradient": {"id", "x1", "y1", "x2", "y2"},
    "stop": {"offset", "stop-color", "stop-opacity"},
    "filter": {"id", "x", "y", "width", "height"},
    "feGaussianBlur": {"stdDeviation"},
    "g": set(),
    "rect": {"x", "y", "width", "height", "rx"},
    "circle": {"cx", "cy", "r"},
    "path": {"d"},
    "polyline": {"points"},
    "polygon": {"points"},
    "text": {"x", "y", "{http://www.w3.org/XML/1998/namespace}space"},
    "tspan": {"y"},
}
NUMERIC = {"x", "y", "width", "height", "rx", "cx", "cy", "r", "x1", "y1", "x2", "y2", "offset", "stop-opacity",
           "fill-opacity", "stroke-opacity", "stroke-width", "opacity", "font-size", "stdDeviation"}
NUMBER = re.compile(r"^-?\d+(\.\d+)?%?$")
# SVG 1.1 (CSS 2) font weights.
WEIGHTS = {"normal", "bold", "bolder", "lighter", "100", "200", "300", "400", "500", "600", "700", "800", "900"}


def parse(svg: str):
    """The document's root element, after every check; raises AssertionError naming the first problem."""
    assert "<script" not in svg.lower(), "a script in the picture"
    root = ET.fromstring(svg)
    assert root.tag == SVG + "svg", root.tag
    ids = {el.get("id") for el in root.iter() if el.get("id")}
    for el in root.iter():
        assert el.tag.startswith(SVG), f"an element outside the SVG namespace: {el.tag}"
        name = el.tag[len(SVG):]
        assert name in ALLOWED, f"<{name}> is not an element the renderer should write"
        for attribute, value in el.attrib.items():
            allowed = attribute in ALLOWED[name] or attribute in PRESENTATION or attribute.startswith("data-")
            assert allowed, f"<{name} {attribute}> is not an SVG 1.1 attribute of it"
            if attribute in NUMERIC:
                assert NUMBER.match(value), f"<{name} {attribute}={value!r}> is not a number"
            if attribute == "font-weight":
                assert value in WEIGHTS, f"<{name} font-weight={value!r}> is not an SVG 1.1 weight"
            for ref in re.findall(r"url\(#([^)]+)\)", value):
                assert ref in ids, f"url(#{ref}) is not defined"
            assert "http" not in value or attribute == "xmlns", f"an external reference: {value}"
    return root


def groups(root, name):
    """Every <g data-name=NAME>."""
    return [g for g in root.iter(SVG + "g") if g.get("data-name") == name]


def state_of(group):
    """A group's data-state as {name: float}."""
    pairs = (item.split("=") for item in group.get("data-state", "").split(";") if item)
    return {key: float(value) for key, value in pairs}


def transform(group):
    """A group's transform as (scale, dx, dy)."""
    value = group.get("transform")
    if not value:
        return 1.0, 0.0, 0.0
    numbers = [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", value)]
    if value.startswith("translate"):
        return 1.0, numbers[0], numbers[1]
    assert value.startswith("matrix"), value
    return numbers[0], numbers[4], numbers[5]


def texts(root):
    """Every text the picture shows (tspans joined)."""
    return ["".join(el.itertext()) for el in root.iter(SVG + "text")]
