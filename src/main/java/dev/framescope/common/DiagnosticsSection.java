package dev.framescope.common;

import java.util.function.IntFunction;

/**
 * A tool group's own part of {@code get_server_diagnostics}, under its name there (e.g. {@code renderdoc_bridge}):
 * the group reports on what only it knows (its engine, its queue), so diagnostics needs no view into its core.
 *
 * @param name   the property of the diagnostics answer it fills
 * @param report the report now, listing at most the given number of recent errors
 */
public record DiagnosticsSection(String name, IntFunction<Report> report) {

    /** What a group reports: a record, serialised as a JSON object. */
    public interface Report {

        /** A clause for the diagnostics' one-line summary ("RenderDoc bridge healthy"), or null for none. */
        default String summaryPart() {
            return null;
        }
    }
}
