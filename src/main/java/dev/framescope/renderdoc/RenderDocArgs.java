package dev.framescope.renderdoc;

import dev.framescope.common.Param;

/** Inputs of the RenderDoc tools. Resource and event ids are plain integers. */
public final class RenderDocArgs {

    private RenderDocArgs() {
    }

    static final String ID_OR_NAME = "id as answers give it (\"26\" or 26) or name";
    static final String TEXTURE = "Texture: " + ID_OR_NAME + ".";
    static final String CAPTURE = "Path of the .rdc capture.";

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
            @Param(value = "Texture to scan (" + ID_OR_NAME + ", e.g. 'hdr_color'); default every 32-bit float "
                    + "colour target.", maxLength = 200, alsoInteger = true) String texture,
            @Param(value = "Scan the target as it is after this event (an action's event id, as iterate_actions "
                    + "lists them; others are NOT_FOUND with the valid range); default the end of the frame.", min = 0,
                    max = 100_000_000) Integer eventId,
            @Param(value = "Most NaN/Inf pixels listed per texture (history entries in the single-pixel mode).",
                    defaultValue = "16", min = 1, max = 256)
            Integer maxPreview,
            @Param(value = "Pixel column (0 = left): with y and texture, reports the pixel history "
                    + "entries with NaN/Inf there instead of scanning.", min = 0, max = 65535) Integer x,
            @Param(value = "Single-pixel mode (with x and texture): pixel row, counted from the origin's edge.",
                    min = 0, max = 65535) Integer y,
            @Param(value = ORIGIN, defaultValue = "\"top_left\"") Origin origin,
            @Param(value = SAMPLE, defaultValue = "0", min = 0, max = 64) Integer sample) {
        public AnalyzeNanInfArgs {
            maxPreview = maxPreview == null ? 16 : maxPreview;
            origin = origin == null ? Origin.top_left : origin;
            sample = sample == null ? 0 : sample;
        }

        /** The scan over whole targets. */
        public AnalyzeNanInfArgs(String capture, String texture, Integer eventId, Integer maxPreview) {
            this(capture, texture, eventId, maxPreview, null, null, null, null);
        }
    }

    static final String ORIGIN = "Row 0 at top (top_left, RenderDoc's convention) or bottom (bottom_left, "
            + "OpenGL's); answers give both.";
    static final String SAMPLE = "MSAA sample (0 if single-sampled); below the texture's sample count.";

    /** Where pixel row 0 is. */
    public enum Origin { top_left, bottom_left }

    public record GeometryArgs(
            @Param(value = CAPTURE, required = true, maxLength = 4096) String capture,
            @Param(value = "Check only this draw (a clear, copy or marker is INVALID_ARGUMENT); default every draw.",
                    min = 0, max = 100_000_000) Integer eventId,
            @Param(value = "A coordinate with a larger magnitude (clip space) counts as huge.",
                    defaultValue = "10000.0",
                    min = 1) Double huge,
            @Param(value = "UVs outside [−margin, 1 + margin] count as out of range.", defaultValue = "0.0", min = 0,
                    max = 1000) Double uvMargin,
            @Param(value = "Most draws with findings listed.", defaultValue = "32", min = 1, max = 256)
            Integer maxDraws,
            @Param(value = "Vertex input (attribute location) to read UVs from; default the first used input named "
                    + "like uv/tex. Must be an input the draw reads, of two or more 32-bit floats.", min = 0,
                    max = 31) Integer meshSlot,
            @Param(value = "Most offending vertices listed per draw.", defaultValue = "16", min = 1, max = 256)
            Integer maxVertices) {
        public GeometryArgs {
            huge = huge == null ? 1e4 : huge;
            uvMargin = uvMargin == null ? 0.0 : uvMargin;
            maxDraws = maxDraws == null ? 32 : maxDraws;
            maxVertices = maxVertices == null ? 16 : maxVertices;
        }

        public GeometryArgs(String capture, Integer eventId, Double huge, Double uvMargin, Integer maxDraws) {
            this(capture, eventId, huge, uvMargin, maxDraws, null, null);
        }
    }

    public record FrameSummaryArgs(
            @Param(value = CAPTURE, required = true, maxLength = 4096) String capture,
            @Param(value = "Marker path levels the overview groups by.", defaultValue = "2", min = 1, max = 8)
            Integer markerDepth,
            @Param(value = "Most markers, textures and debug messages listed.", defaultValue = "24", min = 1,
                    max = 200) Integer maxItems) {
        public FrameSummaryArgs {
            markerDepth = markerDepth == null ? 2 : markerDepth;
            maxItems = maxItems == null ? 24 : maxItems;
        }
    }

    public record FrameDigestArgs(
            @Param(value = CAPTURE, required = true, maxLength = 4096) String capture,
            @Param(value = "Most marker groups listed.", defaultValue = "12", min = 1, max = 64) Integer maxMarkers,
            @Param(value = "Most anomalies listed.", defaultValue = "24", min = 1, max = 200) Integer maxAnomalies,
            @Param(value = "Most recommended next calls.", defaultValue = "6", min = 1, max = 32) Integer maxCalls,
            @Param(value = "Draws in one marker group from which it is reported as an overdraw/batching candidate.",
                    defaultValue = "8", min = 2, max = 10_000) Integer overdrawDraws) {
        public FrameDigestArgs {
            maxMarkers = maxMarkers == null ? 12 : maxMarkers;
            maxAnomalies = maxAnomalies == null ? 24 : maxAnomalies;
            maxCalls = maxCalls == null ? 6 : maxCalls;
            overdrawDraws = overdrawDraws == null ? 8 : overdrawDraws;
        }
    }

    public record ActionTimingsArgs(
            @Param(value = CAPTURE, required = true, maxLength = 4096) String capture,
            @Param(value = "Draws listed, ranked by samples passed.", defaultValue = "20", min = 1, max = 500)
            Integer topN) {
        public ActionTimingsArgs {
            topN = topN == null ? 20 : topN;
        }
    }

    public record PixelHistoryArgs(
            @Param(value = CAPTURE, required = true, maxLength = 4096) String capture,
            @Param(value = TEXTURE, required = true, maxLength = 200, alsoInteger = true) String texture,
            @Param(value = "Pixel column, 0 = left.", required = true, min = 0, max = 65535) Integer x,
            @Param(value = "Pixel row, counted from the edge origin names (default 0 = top).", required = true,
                    min = 0, max = 65535) Integer y,
            @Param(value = "Consider events up to this one; default the whole frame.", min = 0, max = 100_000_000)
            Integer eventId,
            @Param(value = "Most modifications listed.", defaultValue = "64", min = 1, max = 512) Integer limit,
            @Param(value = ORIGIN, defaultValue = "\"top_left\"") Origin origin,
            @Param(value = SAMPLE, defaultValue = "0", min = 0, max = 64) Integer sample,
            @Param(value = "Also list modifications that left the value as it was (counted in unchanged_left_out "
                    + "otherwise).", defaultValue = "false") Boolean includeUnchanged) {
        public PixelHistoryArgs {
            limit = limit == null ? 64 : limit;
            origin = origin == null ? Origin.top_left : origin;
            sample = sample == null ? 0 : sample;
            includeUnchanged = includeUnchanged != null && includeUnchanged;
        }

        public PixelHistoryArgs(String capture, String texture, Integer x, Integer y, Integer eventId, Integer limit) {
            this(capture, texture, x, y, eventId, limit, null, null, null);
        }
    }

    public record TextureDataArgs(
            @Param(value = CAPTURE, required = true, maxLength = 4096) String capture,
            @Param(value = TEXTURE, required = true, maxLength = 200, alsoInteger = true) String texture,
            @Param(value = "The texture as it is after this event; default the end of the frame.", min = 0,
                    max = 100_000_000) Integer eventId,
            @Param(value = "Left column of the region.", defaultValue = "0", min = 0, max = 65535) Integer x,
            @Param(value = "Top row of the region.", defaultValue = "0", min = 0, max = 65535) Integer y,
            @Param(value = "Region width (clipped at the texture's edge); see encoding for the bound on the region.",
                    defaultValue = "8", min = 1, max = 4096)
            Integer width,
            @Param(value = "Region height (clipped at the texture's edge); see encoding for the bound on the region.",
                    defaultValue = "8", min = 1, max = 4096)
            Integer height,
            @Param(value = "values: rows of numbers, ≤ 4096 components (32×32 RGBA). base64: raw little-endian "
                    + "texels, rows top to bottom, ≤ 32768 bytes (64×32 "
                    + "RGBA32F).", defaultValue = "\"values\"") TexelEncoding encoding) {
        public TextureDataArgs {
            x = x == null ? 0 : x;
            y = y == null ? 0 : y;
            width = width == null ? 8 : width;
            height = height == null ? 8 : height;
            encoding = encoding == null ? TexelEncoding.values : encoding;
        }
    }

    /** How get_texture_data spells texels. */
    public enum TexelEncoding { values, base64 }

    public record TextureInfoArgs(
            @Param(value = CAPTURE, required = true, maxLength = 4096) String capture,
            @Param(value = "One texture (" + ID_OR_NAME + "); default all.", maxLength = 200, alsoInteger = true) String texture) {
    }

    public record SearchResourcesArgs(
            @Param(value = CAPTURE, required = true, maxLength = 4096) String capture,
            @Param(value = "Text the resource name contains (case-insensitive).", required = true, maxLength = 200)
            String query,
            @Param(value = "Most resources listed.", defaultValue = "50", min = 1, max = 500) Integer limit) {
        public SearchResourcesArgs {
            limit = limit == null ? 50 : limit;
        }
    }

    public record EventArgs(
            @Param(value = CAPTURE, required = true, maxLength = 4096) String capture,
            @Param(value = "Event id of the action (iterate_actions lists them).", required = true, min = 0,
                    max = 100_000_000) Integer eventId,
            @Param(value = "Most resources and signature entries listed per shader stage.", defaultValue = "8",
                    min = 1, max = 64) Integer maxResourcesPerStage) {
        public EventArgs {
            maxResourcesPerStage = maxResourcesPerStage == null ? 8 : maxResourcesPerStage;
        }
    }

    public enum Stage { vertex, hull, domain, geometry, pixel, compute }

    public record ShaderInfoArgs(
            @Param(value = CAPTURE, required = true, maxLength = 4096) String capture,
            @Param(value = "Event id of the draw or dispatch.", required = true, min = 0, max = 100_000_000)
            Integer eventId,
            @Param(value = "Shader stage.", defaultValue = "\"pixel\"") Stage stage,
            @Param(value = "Also the constant/uniform values at this event.", defaultValue = "false")
            Boolean includeConstants,
            @Param(value = "Also the disassembly (SPIR-V as RenderDoc prints it; on GL only for shaders whose "
                    + "uniforms have explicit locations).", defaultValue = "false") Boolean includeDisassembly,
            @Param(value = "Most characters of source and disassembly.", defaultValue = "8000", min = 100,
                    max = 100_000) Integer sourceCharLimit,
            @Param(value = "Most constants listed, and most members listed of any array or struct.",
                    defaultValue = "64", min = 1, max = 256) Integer maxConstants) {
        public ShaderInfoArgs {
            stage = stage == null ? Stage.pixel : stage;
            includeConstants = includeConstants != null && includeConstants;
            includeDisassembly = includeDisassembly != null && includeDisassembly;
            sourceCharLimit = sourceCharLimit == null ? 8000 : sourceCharLimit;
            maxConstants = maxConstants == null ? 64 : maxConstants;
        }

        public ShaderInfoArgs(String capture, Integer eventId, Stage stage, Boolean includeConstants,
                              Boolean includeDisassembly, Integer sourceCharLimit) {
            this(capture, eventId, stage, includeConstants, includeDisassembly, sourceCharLimit, null);
        }
    }

    public record BufferArgs(
            @Param(value = CAPTURE, required = true, maxLength = 4096) String capture,
            @Param(value = "Buffer: " + ID_OR_NAME + ".", required = true, maxLength = 200, alsoInteger = true) String buffer,
            @Param(value = "Contents as after this event; default the end of the frame.", min = 0,
                    max = 100_000_000) Integer eventId,
            @Param(value = "First byte; must be inside the buffer (below its size).", defaultValue = "0", min = 0)
            Long offset,
            @Param(value = "Bytes to read.", defaultValue = "256", min = 1, max = 65536) Integer length,
            @Param(value = "Also decode as little-endian 32-bit floats.", defaultValue = "false") Boolean asFloats) {
        public BufferArgs {
            offset = offset == null ? 0L : offset;
            length = length == null ? 256 : length;
            asFloats = asFloats != null && asFloats;
        }
    }

    public record SearchActionsArgs(
            @Param(value = CAPTURE, required = true, maxLength = 4096) String capture,
            @Param(value = "Text in the action's name, marker path or an output's name (case-insensitive).",
                    required = true, maxLength = 200) String query,
            @Param(value = "Most matches listed.", defaultValue = "50", min = 1, max = 500) Integer limit) {
        public SearchActionsArgs {
            limit = limit == null ? 50 : limit;
        }
    }

    public enum ImageFormat { png, exr }

    public record SaveTextureArgs(
            @Param(value = CAPTURE, required = true, maxLength = 4096) String capture,
            @Param(value = TEXTURE, required = true, maxLength = 200, alsoInteger = true) String texture,
            @Param(value = "File to write, under the working directory or FRAMESCOPE_OUTPUT_DIR, ending in .png or "
                    + ".exr as format says.", required = true, maxLength = 4096) String output,
            @Param(value = "png (8-bit; float values clamped to 0..1, NaN written as 0 and counted) or exr (float, "
                    + "exact).", defaultValue = "\"png\"") ImageFormat format,
            @Param(value = "The texture as after this event; default the end of the frame.", min = 0,
                    max = 100_000_000) Integer eventId,
            @Param(value = "Replace the file if it exists.", defaultValue = "false") Boolean overwrite,
            @Param(value = "Mip level, 0 = full size, up to the texture's mips - 1 (get_texture_info lists mips).",
                    defaultValue = "0", min = 0, max = 31) Integer mip,
            @Param(value = "Array slice (cube face, or depth slice of a 3D texture at that mip), up to array_size - 1.",
                    defaultValue = "0", min = 0, max = 65535) Integer slice) {
        public SaveTextureArgs {
            format = format == null ? ImageFormat.png : format;
            overwrite = overwrite != null && overwrite;
            mip = mip == null ? 0 : mip;
            slice = slice == null ? 0 : slice;
        }

        /** The first level and slice, as before mip and slice existed. */
        public SaveTextureArgs(String capture, String texture, String output, ImageFormat format, Integer eventId,
                               Boolean overwrite) {
            this(capture, texture, output, format, eventId, overwrite, null, null);
        }
    }

    public record CopyCaptureArgs(
            @Param(value = CAPTURE, required = true, maxLength = 4096) String capture,
            @Param(value = "Where to write the copy (.rdc), under the working directory or FRAMESCOPE_OUTPUT_DIR.",
                    required = true, maxLength = 4096) String output,
            @Param(value = "Replace the file if it exists.", defaultValue = "false") Boolean overwrite) {
        public CopyCaptureArgs {
            overwrite = overwrite != null && overwrite;
        }
    }
}
