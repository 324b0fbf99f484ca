package dev.framescope.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.framescope.common.ErrorCode;
import dev.framescope.common.Json;
import dev.framescope.common.ToolDef;
import dev.framescope.common.ToolGroup;
import dev.framescope.common.ToolHints;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Generates {@code docs/tools.md} and the tool table in {@code README.md} from the registry, so the docs say what
 * the server serves. {@code ToolDocsTest} fails when the committed files differ from what this produces.
 */
public final class ToolDocs {

    public static final String README_BEGIN = "<!-- tools:begin (generated: framescope docs --write .) -->";
    public static final String README_END = "<!-- tools:end -->";

    private ToolDocs() {
    }

    public static String toolsMarkdown(ToolRegistry registry) {
        StringBuilder md = new StringBuilder("""
                # FrameScope tools

                Generated from the tool registry by `java -jar target/framescope.jar docs --write .`; do not edit \
                by hand (`ToolDocsTest` fails when this file is stale).

                Every tool validates its arguments against the input schema below before it runs. Failures are \
                results with `isError: true` whose text is the JSON `{code, message, context}`; codes: \
                %s. A successful result's text is a one-line `summary`, a blank line, then the JSON body (also \
                sent as `structuredContent` unless the result carries an image).

                Every call has a time limit, counted from when it starts running (calls queue while %d run, and one \
                still queued after %d minutes answers `TIMEOUT` with `reason: queued` without running): past \
                it the call answers `TIMEOUT` and its work is stopped. MCP `notifications/cancelled` stops a call \
                too (its engine work included: a render, a queued RenderDoc request, a waiting question); a \
                cancelled call gets no answer, as the protocol asks, and what it changed for later calls \
                (replace_shader's shader, open_capture's `remote`) is undone: such a change stays only when its \
                answer is sent.
                """.formatted(String.join(", ", Arrays.stream(ErrorCode.values())
                .map(code -> "`" + code.name() + "`").toList()), ToolWorkers.RUNNING,
                ToolWorkers.QUEUE_LIMIT.toMinutes()));
        md.append(ToolListSize.markdown(registry));
        md.append(Prompts.markdown(registry));
        for (ToolGroup group : registry.groups()) {
            md.append("\n## ").append(group.name()).append("\n\n").append(group.guide())
                    .append(ServerInstructions.sharedParams(group)).append('\n');
            for (ToolDef<?> tool : registry.tools(group)) {
                appendTool(md, tool, registry.inputSchema(tool));
            }
        }
        appendOlderNames(md, registry);
        return md.toString();
    }

    /** Names prompts for the original servers use; tools/call takes them, tools/list does not show them. */
    private static void appendOlderNames(StringBuilder md, ToolRegistry registry) {
        md.append("""

                ## Older names

                Every tool name is snake_case. `tools/call` (and `framescope call`) still accepts these older names, \
                which prompts written for the original shader, dialog and physics servers use, and the names of \
                tools since folded into another: such a name runs the tool with the arguments in "with", which \
                replace the caller's, and takes its own parameter names (renamed to the tool's; an error names the \
                tool's); the answer is the tool's (`get_body_energy` without `body_id` gives the system's series). \
                `tools/list` does not show them.

                | older name | tool | with | parameters renamed |
                |---|---|---|---|
                """);
        registry.aliases().forEach((older, alias) -> md.append("| `").append(older).append("` | `")
                .append(alias.tool()).append("` | ").append(alias.presets().isEmpty() ? ""
                        : "`" + Json.mapper().valueToTree(new TreeMap<>(alias.presets())) + "`")
                .append(" | ").append(String.join(", ", new TreeMap<>(alias.renames()).entrySet().stream()
                        .map(r -> "`" + r.getKey() + "` → `" + r.getValue() + "`").toList()))
                .append(" |\n"));
    }

    /** The limit with default arguments (dialogs: with the default timeout_s), or nothing if that cannot be told. */
    private static <A> String timeLimit(ToolDef<A> tool) {
        try {
            A defaults = Json.mapper().convertValue(Json.mapper().createObjectNode(), tool.argsType());
            long minutes = tool.timeLimit().of(defaults).toMinutes();
            return " Time limit: " + minutes + " min" + (hasTimeout(tool) ? " (with the default timeout_s)" : "")
                    + ".";
        } catch (RuntimeException e) {
            return "";
        }
    }

    private static boolean hasTimeout(ToolDef<?> tool) {
        return Arrays.stream(tool.argsType().getRecordComponents())
                .anyMatch(c -> c.getName().equals("timeoutS"));
    }

    private static void appendTool(StringBuilder md, ToolDef<?> tool, ObjectNode schema) {
        md.append("\n### `").append(tool.name()).append("` — ").append(tool.title()).append("\n\n")
                .append(hints(tool.hints())).append(" Output budget: ").append(tool.maxOutputBytes() / 1024)
                .append(" KiB.").append(timeLimit(tool)).append("\n\n").append(tool.description()).append("\n\n");
        JsonNode properties = schema.path("properties");
        if (properties.isEmpty()) {
            md.append("No parameters.\n");
            return;
        }
        List<String> required = new ArrayList<>();
        schema.path("required").forEach(r -> required.add(r.asText()));
        md.append("| parameter | type | required | default | description |\n|---|---|---|---|---|\n");
        for (Iterator<Map.Entry<String, JsonNode>> it = properties.properties().iterator(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> property = it.next();
            JsonNode p = property.getValue();
            md.append("| `").append(property.getKey()).append("` | ").append(cell(SchemaText.describe(p)))
                    .append(" | ").append(required.contains(property.getKey()) ? "yes" : "no").append(" | ")
                    .append(p.has("default") ? "`" + p.get("default") + "`" : "-").append(" | ")
                    .append(cell(p.path("description").asText(""))).append(" |\n");
        }
    }

    public static String readmeTable(ToolRegistry registry) {
        StringBuilder md = new StringBuilder("| tool | group | read-only | what it does |\n|---|---|---|---|\n");
        for (ToolGroup group : registry.groups()) {
            for (ToolDef<?> tool : registry.tools(group)) {
                md.append("| `").append(tool.name()).append("` | ").append(group.name()).append(" | ")
                        .append(tool.hints().readOnly() ? "yes" : "no").append(" | ").append(cell(tool.title()))
                        .append(" |\n");
            }
        }
        return md.toString();
    }

    /** Whether {@code readme} has the markers of the generated tool table. */
    public static boolean hasToolTable(String readme) {
        int begin = readme.indexOf(README_BEGIN);
        return begin >= 0 && readme.indexOf(README_END) > begin;
    }

    /** {@code readme} with the text between the tool-table markers replaced by the current table. */
    public static String updateReadme(String readme, ToolRegistry registry) {
        int begin = readme.indexOf(README_BEGIN);
        int end = readme.indexOf(README_END);
        if (!hasToolTable(readme)) {
            throw new IllegalStateException("README.md lacks the markers " + README_BEGIN + " … " + README_END);
        }
        return readme.substring(0, begin + README_BEGIN.length()) + "\n" + readmeTable(registry)
                + readme.substring(end);
    }

    private static String hints(ToolHints hints) {
        return "Annotations: " + (hints.readOnly() ? "read-only" : "writes") + ", "
                + (hints.destructive() ? "destructive" : "non-destructive") + ", "
                + (hints.idempotent() ? "idempotent" : "not idempotent") + ", "
                + (hints.openWorld() ? "open-world" : "closed-world") + ".";
    }

    private static String cell(String text) {
        return text.replace("|", "\\|").replace("\n", " ");
    }
}
