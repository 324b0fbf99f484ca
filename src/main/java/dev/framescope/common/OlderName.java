package dev.framescope.common;

import java.util.Map;

/**
 * An older name as the server serves it: the listed tool it calls now, and how its arguments change. The registry
 * keeps these, and the stdio transport rewrites a {@code tools/call} by an older name with them before the SDK sees it.
 *
 * @param tool  the listed tool's name
 * @param older the older name with the arguments it implies and the parameters it renames
 */
public record OlderName(String tool, ToolAlias older) {

    public Map<String, Object> presets() {
        return older.presets();
    }

    public Map<String, String> renames() {
        return older.renames();
    }
}
