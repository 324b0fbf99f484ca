package dev.framescope.diagnostics;

import dev.framescope.common.Param;

/** Input of {@code get_server_diagnostics}. */
public record DiagnosticsArgs(
        @Param(value = "Run the environment checks (Chromium, RenderDoc's Python module, glslangValidator, "
                + "renderdoccmd). Each check starts a process; results are cached for 60 s.", defaultValue = "true")
        Boolean includeEnvironment,
        @Param(value = "Re-run the environment checks now instead of using the 60 s cache, e.g. after installing "
                + "a missing package.", defaultValue = "false")
        Boolean refresh,
        @Param(value = "How many per-tool counter rows to return, busiest first.", defaultValue = "50",
                min = 1, max = 500)
        Integer toolLimit) {

    public DiagnosticsArgs {
        includeEnvironment = includeEnvironment == null || includeEnvironment;
        refresh = refresh != null && refresh;
        toolLimit = toolLimit == null ? 50 : toolLimit;
    }
}
