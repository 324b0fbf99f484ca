package dev.framescope.server;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.framescope.common.ToolDef;
import dev.framescope.common.ToolGroup;
import java.nio.charset.StandardCharsets;
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
        try {
            return MAPPER.writeValueAsString(Map.of("tools", tools.stream()
                    .map(tool -> FrameScopeServer.describe(tool, registry)).toList()))
                    .getBytes(StandardCharsets.UTF_8).length;
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    static String markdown(ToolRegistry registry) {
        StringBuilder md = new StringBuilder("""

                ## Choosing what loads

                `FRAMESCOPE_GROUPS=physics,renderdoc` (or `--groups physics,renderdoc`) serves only those groups; \
                the `server` group (`get_server_diagnostics`) always stays. `FRAMESCOPE_READ_ONLY=1` (or \
                `--read-only`) hides the tools that are not read-only (they write files or start a server). Hidden \
                tools are unknown to `tools/call` too. Size of the `tools/list` result (UTF-8 bytes of \
                `{"tools":[…]}`):

                | selection | tools | bytes |
                |---|---|---|
                """);
        List<ToolDef<?>> all = registry.tools();
        row(md, "all groups", all, registry);
        row(md, "all groups, `--read-only`", all.stream().filter(t -> t.hints().readOnly()).toList(), registry);
        ToolGroup always = registry.groups().stream().filter(g -> g.name().equals(ToolSelection.ALWAYS))
                .findFirst().orElse(null);
        for (ToolGroup group : registry.groups()) {
            List<ToolDef<?>> tools = new java.util.ArrayList<>(always == null || always == group ? List.of()
                    : registry.tools(always));
            tools.addAll(registry.tools(group));
            row(md, "`--groups " + group.name() + "`", tools, registry);
        }
        return md.toString();
    }

    private static void row(StringBuilder md, String selection, List<ToolDef<?>> tools, ToolRegistry registry) {
        int bytes = bytes(tools, registry);
        md.append("| ").append(selection).append(" | ").append(tools.size()).append(" | ")
                .append(String.format("%,d", bytes)).append(" (").append(String.format("%.1f", bytes / 1024.0))
                .append(" KiB) |\n");
    }
}
