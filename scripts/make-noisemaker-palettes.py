#!/usr/bin/env python3
"""Writes src/main/resources/dev/framescope/shader/formats/noisemaker-palettes.json, the preset table noisemaker's
runtime expands a classicNoisedeck `palette` index with (`shaders/src/runtime/palette-expansion.js`, MIT): entry i-1
is palette i, {offset, amp, freq, phase: [r, g, b], mode}; and `names`, the palette names in the order of
`share/palettes.json`, whose index is the value of a `member` global of enum `palette` (noisemaker's
`shaders/src/lang/std_enums.js`: "palette.brushedMetal" is 7, as "none" is 0). SOURCE is a noisemaker checkout or a bare git mirror;
fetches nothing. Deterministic: the same commit gives the same file.

    scripts/make-noisemaker-palettes.py /path/to/noisemaker.git
"""
import json
import os
import re
import subprocess
import sys

FILE = "shaders/src/runtime/palette-expansion.js"
NAMES = "share/palettes.json"
ENTRY = re.compile(r"\{\s*amp:\s*(\[[^\]]*\]),\s*freq:\s*(\[[^\]]*\]),\s*offset:\s*(\[[^\]]*\]),"
                   r"\s*phase:\s*(\[[^\]]*\]),\s*mode:\s*(\d+)\s*\}")


def main():
    source = sys.argv[1]
    checkout = os.path.join(source, FILE)
    if os.path.isfile(checkout):
        text = open(checkout, encoding="utf-8").read()
        commit = subprocess.run(["git", "-C", source, "rev-parse", "--short", "HEAD"], stdout=subprocess.PIPE,
                                text=True).stdout.strip()
    else:
        text = subprocess.run(["git", "-C", source, "show", "HEAD:" + FILE], check=True, stdout=subprocess.PIPE,
                              text=True).stdout
        commit = subprocess.run(["git", "-C", source, "rev-parse", "--short", "HEAD"], check=True,
                                stdout=subprocess.PIPE, text=True).stdout.strip()
    table = text[text.index("const PALETTES"):]
    table = table[:table.index("\n]")]
    palettes = [{"offset": json.loads(m.group(3)), "amp": json.loads(m.group(1)), "freq": json.loads(m.group(2)),
                 "phase": json.loads(m.group(4)), "mode": int(m.group(5))} for m in ENTRY.finditer(table)]
    if len(palettes) != table.count("{"):
        sys.exit("an entry of %s did not parse" % FILE)
    names_path = os.path.join(source, NAMES)
    names_text = open(names_path, encoding="utf-8").read() if os.path.isfile(names_path) else subprocess.run(
        ["git", "-C", source, "show", "HEAD:" + NAMES], check=True, stdout=subprocess.PIPE, text=True).stdout
    names = list(json.loads(names_text).keys())
    out = {"source": "noisemaker " + FILE + " and " + NAMES + " at " + commit + " (MIT)", "palettes": palettes}
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src", "main", "resources", "dev",
                        "framescope", "shader", "formats", "noisemaker-palettes.json")
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write('{"source": %s,\n "palettes": [\n  ' % json.dumps(out["source"]))
        f.write(",\n  ".join(json.dumps(p) for p in palettes))
        f.write("\n ],\n \"names\": %s\n}\n" % json.dumps(names))
    print("wrote %d palettes to %s" % (len(palettes), os.path.normpath(path)))


if __name__ == "__main__":
    main()
