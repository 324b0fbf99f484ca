package dev.framescope.diagnostics;

import dev.framescope.common.Param;

/** Input of {@code get_server_diagnostics}. */
public record DiagnosticsArgs(
        @Param("Run the environment checks (each starts a process; cached 60 s).")
        Boolean includeEnvironment,
        @Param("Re-run the environment checks now, e.g. after installing a package.")
        Boolean refresh,
        @Param(value = "Most per-tool counter rows, busiest first.", min = 1, max = 500)
        Integer toolLimit,
        @Param(value = "Most recent bridge errors listed.", min = 0, max = 32)
        Integer bridgeErrors) {

    public DiagnosticsArgs {
        includeEnvironment = includeEnvironment == null || includeEnvironment;
        refresh = refresh != null && refresh;
        toolLimit = toolLimit == null ? 50 : toolLimit;
        bridgeErrors = bridgeErrors == null ? 16 : bridgeErrors;
    }
}
