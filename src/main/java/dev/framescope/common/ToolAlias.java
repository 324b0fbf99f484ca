package dev.framescope.common;

import java.util.Map;

/**
 * An older name {@code tools/call} still accepts for a tool. A tool folded into a broader one keeps working through
 * its presets: the arguments that select what the older tool did (e.g. {@code check: "passthrough"}). They replace
 * whatever the caller sent for those parameters, because calling the older name means asking for that behaviour.
 *
 * @param name    the older name
 * @param presets arguments the older name stands for; empty for a plain rename
 */
public record ToolAlias(String name, Map<String, Object> presets) {

    public ToolAlias {
        if (!name.matches("[A-Za-z0-9_.-]{1,128}")) {
            throw new IllegalArgumentException("alias not allowed by MCP: " + name);
        }
        presets = Map.copyOf(presets);
    }
}
