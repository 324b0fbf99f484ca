package dev.framescope.server;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.framescope.common.ToolDef;
import dev.framescope.common.ToolGroup;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The size of the {@code tools/list} result a client receives, per group and for the selections of
 * {@link ToolSelection}, for docs/tools.md: a client without deferred tool loading puts all of it in every
 * conversation's context.
 */
final class ToolListSize {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private ToolListSize() {
    }

    /** UTF-8 bytes of {@code {"tools":[…]}} for these tools, as the server writes it. */
    static int bytes(List<ToolDef<?>> tools, ToolRegistry registry) {
        return utf8Bytes(Map.of("tools", tools.stream().map(tool -> FrameScopeServer.describe(tool, registry))
                .toList()));
    }

    /**
     * UTF-8 bytes of the part a model reads: each tool's name, description and input schema, which is what Claude
     * Code and VS Code turn a tool into for the model; title, annotations and outputSchema stay with the client.
     */
    static int modelBytes(List<ToolDef<?>> tools, ToolRegistry registry) {
        return utf8Bytes(tools.stream().map(tool -> Map.of("name", tool.name(), "description", tool.description(),
                "inputSchema", registry.listedInputSchema(tool))).toList());
    }

    private static int utf8Bytes(Object json) {
        try {
            return MAPPER.writeValueAsString(json).getBytes(StandardCharsets.UTF_8).length;
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    static String markdown(ToolRegistry registry) {
        StringBuilder md = new StringBuilder("""

                ## Choosing what loads

                `FRAMESCOPE_GROUPS=physics,renderdoc` (or `--groups physics,renderdoc`) serves only those groups; \
                the `server` group (`get_server_diagnostics`) always stays. `FRAMESCOPE_READ_ONLY=1` (or \
                `--read-only`) hides the tools that are not read-only (they write files, change a capture's replay \
                or start a server). Hidden tools are unknown to `tools/call` too. Size of the `tools/list` result \
                (UTF-8 bytes of `{"tools":[…]}`), and of the part a model reads (each tool's name, description and \
                inputSchema: Claude Code and VS Code hand the model these; title, annotations and outputSchema stay \
                with the client):

                | selection | tools | tools/list bytes | model reads |
                |---|---|---|---|
                """);
        List<ToolDef<?>> all = registry.tools();
        row(md, "all groups", all, registry);
        row(md, "all groups, `--read-only`", all.stream().filter(t -> t.hints().readOnly()).toList(), registry);
        ToolGroup always = registry.groups().stream().filter(g -> g.name().equals(ToolSelection.ALWAYS))
                .findFirst().orElse(null);
        for (ToolGroup group : registry.groups()) {
            List<ToolDef<?>> tools = new ArrayList<>(always == null || always == group ? List.of()
                    : registry.tools(always));
            tools.addAll(registry.tools(group));
            row(md, "`--groups " + group.name() + "`", tools, registry);
        }
        md.append("\nThe server instructions, which both clients also give the model once, are ")
                .append(String.format("%,d", ServerInstructions.text(registry).getBytes(StandardCharsets.UTF_8).length))
                .append(" bytes with every group: each group's guide, and the parameters that mean the same in every "
                        + "tool of a group, whose description `tools/list` leaves out. `tools/list` also leaves out "
                        + "strings' `maxLength` (the caps below): every call is still checked against it.\n");
        return md.toString();
    }

    private static void row(StringBuilder md, String selection, List<ToolDef<?>> tools, ToolRegistry registry) {
        md.append("| ").append(selection).append(" | ").append(tools.size()).append(" | ")
                .append(size(bytes(tools, registry))).append(" | ").append(size(modelBytes(tools, registry)))
                .append(" |\n");
    }

    private static String size(int bytes) {
        return String.format("%,d (%.1f KiB)", bytes, bytes / 1024.0);
    }
}
