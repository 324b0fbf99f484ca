package dev.framescope.server;

import dev.framescope.common.SettingException;
import dev.framescope.common.Suggestions;
import dev.framescope.common.ToolDef;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which tools this process serves: {@code FRAMESCOPE_GROUPS} / {@code --groups physics,renderdoc} keeps those groups
 * (the {@code server} group, with {@code get_server_diagnostics}, always stays), and {@code FRAMESCOPE_READ_ONLY=1}
 * / {@code --read-only} hides every tool that is not read-only (the ones that write files, change a capture's replay
 * or start a server). A hidden tool is not registered at all: it is absent from {@code tools/list} and
 * {@code tools/call} answers it as an unknown tool. Clients without deferred tool loading pay the size of
 * {@code tools/list} on every conversation; docs/tools.md lists it per group.
 *
 * @param groups   the group names to serve, or null for all
 * @param readOnly whether tools that are not read-only are hidden
 */
public record ToolSelection(Set<String> groups, boolean readOnly) {

    public static final ToolSelection ALL = new ToolSelection(null, false);
    /** Always served, whatever the selection: the first call for any problem. */
    public static final String ALWAYS = "server";

    /**
     * From {@code FRAMESCOPE_GROUPS} (comma-separated; blank or {@code all} for every group) and
     * {@code FRAMESCOPE_READ_ONLY} ({@code 1} or {@code true}).
     */
    public static ToolSelection fromEnvironment(Map<String, String> env) {
        String groups = env.getOrDefault("FRAMESCOPE_GROUPS", "").trim();
        String readOnly = env.getOrDefault("FRAMESCOPE_READ_ONLY", "").trim();
        Set<String> names = groups.isEmpty() || groups.equals("all") ? null : new LinkedHashSet<>(
                Arrays.stream(groups.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList());
        return new ToolSelection(names, readOnly.equals("1") || readOnly.equalsIgnoreCase("true"));
    }

    /**
     * Checks the group names against the groups this build has.
     *
     * @throws SettingException naming the unknown group, the closest known one and all of them
     */
    void check(List<String> known) {
        if (groups == null) {
            return;
        }
        for (String name : groups) {
            if (!known.contains(name)) {
                throw new SettingException("FRAMESCOPE_GROUPS / --groups: no group named '" + name + "'."
                        + Suggestions.didYouMean(name, known) + " Groups: " + String.join(", ", known) + ".");
            }
        }
    }

    boolean includesGroup(String group) {
        return groups == null || ALWAYS.equals(group) || groups.contains(group);
    }

    boolean includes(ToolDef<?> tool) {
        return !readOnly || tool.hints().readOnly();
    }
}
