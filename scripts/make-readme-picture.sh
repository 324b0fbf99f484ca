#!/usr/bin/env bash
# Makes docs/images/framescope-overview.png, the README's picture, from real output of the built JAR on the demo
# data: a shader frame rendered in headless Chromium (render_effect_frame), the RenderDoc frame digest of the demo
# capture (get_frame_digest), the energy plot of a recording with an injected defect (plot_energy), and the dialog
# page asking the demo's ask_plan question (a screenshot `framescope dialogs-demo` takes; it is also written to
# docs/images/dialog-planner.png). The four panels are laid out in an HTML page that Chromium screenshots, so nothing
# but the project's own engines is needed.
#   scripts/make-readme-picture.sh [out.png]
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
out=${1:-docs/images/framescope-overview.png}
chromium=${FRAMESCOPE_CHROMIUM:-/usr/bin/chromium}
[ -f target/framescope.jar ] || mvn -B -q -DskipTests package
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fs() { java -jar target/framescope.jar "$@"; }

fs call --image-dir "$work" render_effect_frame \
  '{"effect": "synth/plasma", "width": 396, "height": 396, "time": 0.3, "include_image": true}' > "$work/frame.txt"
fs call --image-dir "$work" plot_energy '{"recording": "demo/recordings/energy_injection.db"}' > "$work/plot.txt"
fs call get_frame_digest '{"capture": "demo/captures/gl_defects.rdc", "max_anomalies": 7}' > "$work/digest.txt"
fs dialogs-demo --person=browser --screenshots "$work/dialogs" > /dev/null
cp "$work/dialogs/dialog-planner.png" "$work/dialog.png"
cp "$work/dialogs/dialog-planner.png" docs/images/dialog-planner.png

python3 - "$work" <<'PY'
import html, json, sys
work = sys.argv[1]
def body(name):
    text = open(f"{work}/{name}").read()
    # The summary line, a blank line, the JSON body, then a line per image written.
    return text.split("\n", 1)[0], json.JSONDecoder().raw_decode(text.split("\n\n", 1)[1])[0]
frame_summary, _ = body("frame.txt")
plot_summary, _ = body("plot.txt")
digest_summary, digest = body("digest.txt")
rows = "".join(
    f"<tr><td class='{a['severity']}'>{a['severity']}</td><td>{a['event_id']}</td><td>{a['stage'] or '–'}</td>"
    f"<td>{html.escape(a['code'])}<br><span>{html.escape(a['message'])}</span></td></tr>"
    for a in digest["anomalies"]["preview"])
stats = digest["statistics"]
page = f"""<!doctype html><meta charset="utf-8"><style>
body {{ margin: 0; width: 1600px; background: #11151c; color: #e6e6e6; font: 15px/1.35 'DejaVu Sans', sans-serif; }}
.grid {{ display: grid; grid-template-columns: 420px 520px 590px; gap: 14px; padding: 14px; }}
.panel {{ background: #1b212b; border-radius: 8px; padding: 12px; }}
h2 {{ margin: 0 0 4px; font-size: 17px; color: #fff; }} code {{ color: #8fd3ff; }}
p.s {{ margin: 4px 0 8px; color: #b7c0cc; font-size: 13px; }}
img {{ display: block; max-width: 100%; border-radius: 4px; }}
table {{ border-collapse: collapse; width: 100%; font-size: 13px; }}
td {{ border-top: 1px solid #2c3440; padding: 4px 5px; vertical-align: top; }} td span {{ color: #b7c0cc; }}
.high {{ color: #ff6b6b; font-weight: bold; }} .medium {{ color: #ffb84d; }} .low, .info {{ color: #9ad17f; }}
.dialog {{ grid-column: 2 / 4; display: flex; gap: 14px; }} .dialog img {{ flex-shrink: 0; width: 860px; height: 245px;
  object-fit: cover; object-position: top; }}
</style><div class="grid">
<div class="panel"><h2>Shader frame <code>render_effect_frame</code></h2><p class="s">{html.escape(frame_summary)}</p>
<img src="render_effect_frame-1.png"></div>
<div class="panel"><h2>RenderDoc digest <code>get_frame_digest</code></h2>
<p class="s">gl_defects.rdc, {digest['api']}: {stats['draw_calls']} draws, {stats['marker_groups']} marker groups.
{html.escape(digest_summary)}</p><table><tr><td>severity</td><td>event</td><td>stage</td><td>finding</td></tr>{rows}</table></div>
<div class="panel"><h2>Physics energy <code>plot_energy</code></h2><p class="s">{html.escape(plot_summary)}</p>
<img src="plot_energy-1.png"></div>
<div class="panel"><h2>What FrameScope is</h2><p class="s" style="font-size:15px;color:#e6e6e6">An MCP server
that lets a coding agent debug graphics with real engines: shader effects in headless Chromium, .rdc captures
replayed by RenderDoc, physics recordings read from SQLite, and questions to the person on a local dialog page.
Every panel here is real output of <code>framescope call</code> on the bundled demo data.</p></div>
<div class="panel dialog"><div><h2>Dialog page <code>ask_plan</code></h2><p class="s">The person picks a plan the
agent laid out; MCP elicitation or FrameScope's own page on 127.0.0.1.</p></div><img src="dialog.png"></div>
</div>"""
open(f"{work}/index.html", "w").write(page)
PY

"$chromium" --headless=new --no-sandbox --disable-gpu --hide-scrollbars --force-device-scale-factor=1 \
  --window-size=1600,800 --screenshot="$work/shot.png" "file://$work/index.html" 2>/dev/null
mkdir -p "$(dirname "$out")"
cp "$work/shot.png" "$out"
echo "wrote $out" >&2
