package dev.framescope.common;

/**
 * The MCP tool annotations, set honestly per tool. Clients use them to decide what runs in parallel or in plan mode
 * (Claude Code runs {@code readOnly} tools in parallel), so a tool that writes a file must not claim to be read-only.
 */
public record ToolHints(boolean readOnly, boolean destructive, boolean idempotent, boolean openWorld) {

    /** Reads local state only and has no side effect a second call would repeat. */
    public static final ToolHints READS_ONLY = new ToolHints(true, false, true, false);

    /** Writes new files where the user allowed; never overwrites or deletes user data. */
    public static final ToolHints WRITES_NEW_FILES = new ToolHints(false, false, false, false);

    /** Replaces one generated file (a manifest) with content derived from disk; repeating it changes nothing. */
    public static final ToolHints REWRITES_GENERATED_FILE = new ToolHints(false, true, true, false);

    /**
     * Changes what later calls see in this session (replace_shader's shader in the replay, open_capture's remote),
     * not any local file; undone by a call of its own, and the same call twice leaves the same state.
     */
    public static final ToolHints CHANGES_SESSION_STATE = new ToolHints(false, false, true, false);

    /** Waits for a person; changes nothing on disk, but each call asks again. */
    public static final ToolHints ASKS_HUMAN = new ToolHints(true, false, false, true);
}
