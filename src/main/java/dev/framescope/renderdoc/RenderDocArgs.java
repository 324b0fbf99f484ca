package dev.framescope.renderdoc;

import dev.framescope.common.Param;

/** Inputs of the RenderDoc tools. Resource and event ids are plain integers. */
public final class RenderDocArgs {

    private RenderDocArgs() {
    }

    static final String CAPTURE = "Path of the .rdc capture (opened read-only; kept open for the next calls).";

    public record BridgeDiagnosticsArgs(
            @Param(value = "Most recent bridge errors to include.", defaultValue = "16", min = 0, max = 32)
            Integer maxErrors) {
        public BridgeDiagnosticsArgs {
            maxErrors = maxErrors == null ? 16 : maxErrors;
        }
    }

    public record CaptureArgs(@Param(value = CAPTURE, required = true, maxLength = 4096) String capture) {
    }

    public record IterateActionsArgs(
            @Param(value = CAPTURE, required = true, maxLength = 4096) String capture,
            @Param(value = "Keep actions whose marker path contains this text, e.g. 'Defects' or "
                    + "'Frame/Opaque'.", maxLength = 500) String markerFilter,
            @Param(value = "Keep actions whose name contains this text (case-insensitive), e.g. 'glDraw'.",
                    maxLength = 200) String nameFilter,
            @Param(value = "Only draws and dispatches (no clears, copies, marker pops).", defaultValue = "false")
            Boolean drawsOnly,
            @Param(value = "First row of the page.", defaultValue = "0", min = 0, max = 1_000_000) Integer offset,
            @Param(value = "Rows in the page.", defaultValue = "100", min = 1, max = 500) Integer limit) {
        public IterateActionsArgs {
            drawsOnly = drawsOnly != null && drawsOnly;
            offset = offset == null ? 0 : offset;
            limit = limit == null ? 100 : limit;
        }
    }

    public record AnalyzeNanInfArgs(
            @Param(value = CAPTURE, required = true, maxLength = 4096) String capture,
            @Param(value = "Texture to scan, by name (e.g. 'hdr_color') or integer id; default every 32-bit float "
                    + "colour target.", maxLength = 200) String texture,
            @Param(value = "Scan the target as it is after this event; default the end of the frame.", min = 0,
                    max = 100_000_000) Integer eventId,
            @Param(value = "Most NaN/Inf pixels listed per texture.", defaultValue = "16", min = 1, max = 256)
            Integer maxPreview) {
        public AnalyzeNanInfArgs {
            maxPreview = maxPreview == null ? 16 : maxPreview;
        }
    }
}
