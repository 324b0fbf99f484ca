// Runs ruff's official WebAssembly build over Python files, with the settings of the ruff.toml given: the same
// findings as the `ruff check` binary, which is not packaged for Debian 12 and comes only from PyPI.
//   node scripts/lint-tools/ruff.mjs ruff.toml FILE_OR_FOLDER...
// Prints one line per finding (path:row:col: CODE message) and exits 1 when there is any.
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { parse } from "smol-toml";
import { PositionEncoding, Workspace } from "@astral-sh/ruff-wasm-nodejs";

const [configPath, ...targets] = process.argv.slice(2);
if (!configPath || targets.length === 0) {
    console.error("usage: node ruff.mjs ruff.toml FILE_OR_FOLDER...");
    process.exit(2);
}
// The binary reads which files to check from these; here the caller names them.
const { include, exclude, "extend-exclude": extendExclude, ...settings } = parse(readFileSync(configPath, "utf8"));
const workspace = new Workspace(settings, PositionEncoding.Utf8);

function pythonFiles(path) {
    if (!statSync(path).isDirectory()) {
        return [path];
    }
    return readdirSync(path, { withFileTypes: true })
        .filter((entry) => entry.name !== "__pycache__" && entry.name !== "node_modules")
        .sort((a, b) => a.name.localeCompare(b.name))
        .flatMap((entry) => entry.isDirectory() ? pythonFiles(join(path, entry.name))
            : entry.name.endsWith(".py") ? [join(path, entry.name)] : []);
}

let findings = 0;
let files = 0;
for (const file of targets.flatMap(pythonFiles)) {
    files++;
    for (const d of workspace.check(readFileSync(file, "utf8"))) {
        findings++;
        console.log(`${file}:${d.start_location.row}:${d.start_location.column}: ${d.code ?? "syntax"} ${d.message}`);
    }
}
console.error(`ruff ${Workspace.version()}: ${files} files, ${findings} finding${findings === 1 ? "" : "s"}`);
process.exit(findings > 0 ? 1 : 0);
