#!/usr/bin/env python3
"""Runs every transition of an installed npm `gl-transitions` package through FrameScope: compile_effect and
render_effect_frame (WebGL2, 128x128, default progress 0.5) over real MCP stdio, and prints the pass count and the
failures by cause (figures: docs/benchmarks.md). Fetches nothing: give it the package you installed once, e.g.

    npm pack gl-transitions@1.71.0 && tar xzf gl-transitions-1.71.0.tgz     # -> package/
    scripts/gl-transitions-corpus.py package

The package's gl-transitions.json is copied into a temporary effects root as `json/gl-transitions.json` (ids
`json/<name>`); with --files its transitions/*.glsl are run too, as single files (ids `files/<name>`), and the
parameters FrameScope reads from their uniform lines are compared with the JSON's paramsTypes. --ends also renders
each at progress 0 and 1 and counts those whose frames have the mean colour of `fade` there (the from card at 0,
the second card at 1, within 0.01): a check that "ok" frames show the images where they should. Nothing of the
package is written inside the repository.
"""
import argparse
import collections
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class Server:
    """One FrameScope process spoken to as an MCP client does, over its stdin/stdout."""

    def __init__(self, jar):
        env = dict(os.environ, FRAMESCOPE_LOG_LEVEL="warn", FRAMESCOPE_JAR=os.path.abspath(jar))
        self.proc = subprocess.Popen([os.path.join(ROOT, "scripts", "framescope")], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env)
        self.next_id = 1
        self.request("initialize", {"protocolVersion": "2025-11-25", "capabilities": {},
                                    "clientInfo": {"name": "gl-transitions-corpus", "version": "1"}})
        self.send({"jsonrpc": "2.0", "method": "notifications/initialized"})

    def send(self, message):
        self.proc.stdin.write((json.dumps(message) + "\n").encode())
        self.proc.stdin.flush()

    def request(self, method, params):
        request_id = self.next_id
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": request_id, "method": method, "params": params})
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("the server closed stdout")
            message = json.loads(line)
            if message.get("id") == request_id:
                return message

    def call(self, tool, arguments):
        result = self.request("tools/call", {"name": tool, "arguments": arguments})["result"]
        text = result["content"][0]["text"]
        body = json.loads(text[text.index("{"):])
        if result.get("isError"):
            raise RuntimeError("%s failed: %s" % (tool, body.get("message")))
        return body

    def close(self):
        self.proc.stdin.close()
        self.proc.wait(timeout=30)


def batches(ids, limit=480):
    """Comma-separated selectors within the tools' 500-character limit."""
    batch = []
    for effect_id in ids:
        if batch and len(",".join(batch + [effect_id])) > limit:
            yield batch
            batch = []
        batch.append(effect_id)
    if batch:
        yield batch


def cause(message):
    """A failure's cause: the message without the entry's identifiers and numbers, for grouping."""
    return message.split(":")[0].strip("' ") if message else "unknown"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("package", help="the installed package folder (holding gl-transitions.json), or the file")
    parser.add_argument("--jar", default=os.path.join(ROOT, "target", "framescope.jar"))
    parser.add_argument("--files", action="store_true", help="also run transitions/*.glsl as single files")
    parser.add_argument("--size", type=int, default=128, help="frame width and height in pixels")
    parser.add_argument("--ends", action="store_true", help="also compare progress 0 and 1 with fade's frames")
    args = parser.parse_args()
    source = args.package if args.package.endswith(".json") else os.path.join(args.package, "gl-transitions.json")
    entries = json.load(open(source, encoding="utf-8"))
    root = tempfile.mkdtemp(prefix="gl-transitions-corpus-")
    try:
        os.makedirs(os.path.join(root, "json"))
        shutil.copy(source, os.path.join(root, "json", "gl-transitions.json"))
        folders = ["json"]
        if args.files:
            os.makedirs(os.path.join(root, "files"))
            for entry in entries:
                glsl = os.path.join(os.path.dirname(source), "transitions", entry["name"] + ".glsl")
                if os.path.isfile(glsl):
                    shutil.copy(glsl, os.path.join(root, "files"))
            folders.append("files")
        run(args, root, folders, entries)
    finally:
        shutil.rmtree(root)


def run(args, root, folders, entries):
    server = Server(args.jar)
    started = time.perf_counter()
    ids, offset = [], 0
    while offset is not None:  # the listing comes in pages that fit the output budget
        listed = server.call("search_effects", {"effect": "*", "limit": 1000, "offset": offset, "effects_root": root})
        ids += [e["id"] for e in listed["effects"]["preview"]]
        offset = listed.get("page", {}).get("next_offset")
    status = {}
    for batch in batches(ids):
        selector = ",".join(batch)
        compiled = server.call("compile_effect", {"effect": selector, "backend": "webgl2", "effects_root": root})
        for result in compiled["effects"]["preview"]:
            glsl = [p for p in result.get("programs", []) if p["language"] == "glsl"]
            diagnostics = [d for p in glsl for d in p["diagnostics"] if d["severity"] == "error"]
            if result["status"] != "ok":
                message = diagnostics[0]["message"] if diagnostics else (result.get("error") or {}).get("message")
                status[result["effect"]] = ("compile", message)
        rendered = server.call("render_effect_frame", {"effect": selector, "effects_root": root,
                                                     "width": args.size, "height": args.size})
        for frame in rendered["frames"]["preview"]:
            if frame["effect"] in status:
                continue
            if frame["status"] != "ok":
                d = frame.get("diagnostics") or []
                status[frame["effect"]] = ("render", d[0]["message"] if d else frame.get("note"))
            else:
                status[frame["effect"]] = ("ok", "blank" if frame["metrics"]["is_essentially_blank"] else "")
    elapsed = time.perf_counter() - started
    ends = check_ends(server, root, args, [i for i, s in status.items() if s[0] == "ok"]) if args.ends else None
    server.close()
    for folder in folders:
        mine = {i: s for i, s in status.items() if i.startswith(folder + "/")}
        passed = sum(1 for s in mine.values() if s[0] == "ok")
        print("%s: %d of %d transitions compile and render (%d listed, %d in the package)"
              % (folder, passed, len(mine), len([i for i in ids if i.startswith(folder + "/")]), len(entries)))
        failures = collections.Counter((s[0], cause(s[1])) for s in mine.values() if s[0] != "ok")
        for (stage, why), count in failures.most_common():
            names = [i for i, s in mine.items() if s[0] == stage and cause(s[1]) == why]
            print("  %s error x%d: %s (%s)" % (stage, count, why, ", ".join(names)))
        blank = [i for i, s in mine.items() if s == ("ok", "blank")]
        if blank:
            print("  rendered essentially blank at progress 0.5 (not a failure): " + ", ".join(blank))
    if "files" in folders:
        compare_parameters(listed, entries)
    if ends is not None:
        print("ends: %d of %d rendered transitions show the from card at progress 0 and the to card at 1 "
              "(mean colour within 0.01 of fade's)%s" % (ends[0], ends[1], (": not " + ", ".join(ends[2]))
                                                         if ends[2] else ""))
    print("%d effects in %.1f s (%.1f effects/s), one server, compile + render each" % (len(ids), elapsed,
                                                                                        len(ids) / elapsed))


def check_ends(server, root, args, ok_ids):
    """How many transitions' frames at progress 0 and 1 have fade's mean colour there, and which do not."""
    means = {}
    for progress in (0.0, 1.0):
        reference = server.call("render_effect_frame", {"effect": "json/fade", "effects_root": root, "width": args.size,
                                                      "height": args.size, "uniforms": {"progress": progress}})
        means[("fade", progress)] = reference["frames"]["preview"][0]["metrics"]["mean_rgb"]
        for batch in batches(ok_ids):
            frames = server.call("render_effect_frame", {"effect": ",".join(batch), "effects_root": root,
                                                       "width": args.size, "height": args.size,
                                                       "uniforms": {"progress": progress}})
            for frame in frames["frames"]["preview"]:
                means[(frame["effect"], progress)] = (frame.get("metrics") or {}).get("mean_rgb")
    wrong = [i for i in ok_ids if any(means[(i, p)] is None or max(abs(a - b) for a, b in zip(
        means[(i, p)], means[("fade", p)])) > 0.01 for p in (0.0, 1.0))]
    return len(ok_ids) - len(wrong), len(ok_ids), sorted(wrong)


def compare_parameters(listed, entries):
    """The parameters read from each .glsl file's uniform lines against the JSON's paramsTypes."""
    by_name = {e["name"]: set(e["paramsTypes"]) | {"progress"} for e in entries}
    differ = [e["id"] for e in listed["effects"]["preview"] if e["id"].startswith("files/")
              and set(e["globals"]) != by_name.get(e["id"][len("files/"):])]
    print("files: parameters read from uniform lines equal the JSON's paramsTypes for %d of %d%s"
          % (len(by_name) - len(differ), len(by_name), (": differ " + ", ".join(differ)) if differ else ""))


if __name__ == "__main__":
    sys.exit(main())
