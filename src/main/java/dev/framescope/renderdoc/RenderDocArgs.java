package dev.framescope.renderdoc;

import dev.framescope.common.Param;

/** Inputs of the RenderDoc tools. Resource and event ids are plain integers. */
public final class RenderDocArgs {

    private RenderDocArgs() {
    }

    static final String ID_OR_NAME = "id as answers give it (\"26\" or 26) or name";
    static final String TEXTURE = "Texture: " + ID_OR_NAME + ".";
    static final String CAPTURE = "Path of the .rdc capture.";
    static final String AFTER_EVENT = "As after this event; default the frame's end.";

    public record CaptureArgs(@Param(value = CAPTURE, required = true, maxLength = 4096) String capture) {
    }

    public record IterateActionsArgs(
            @Param(value = CAPTURE, required = true, maxLength = 4096) String capture,
            @Param(value = "Keep actions whose marker path contains this, e.g. 'Frame/Opaque'.",
                    maxLength = 500) String markerFilter,
            @Param(value = "Keep actions whose name contains this (any case), e.g. 'glDraw'.",
                    maxLength = 200) String nameFilter,
            @Param(value = "Only draws and dispatches.", defaultValue = "false")
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
            @Param(value = "Scan as after this action's event id; default the end of the frame.", min = 0,
                    max = 100_000_000) Integer eventId,
            @Param(value = "Most NaN/Inf pixels listed per texture (or history entries).",
                    defaultValue = "16", min = 1, max = 256)
            Integer maxPreview,
            @Param(value = "Pixel column (0 = left); with y and texture, the pixel's NaN/Inf history instead of a "
                    + "scan.", min = 0, max = 65535) Integer x,
            @Param(value = "Pixel row from the origin's edge (single-pixel mode).",
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

    static final String ORIGIN = "Row 0 at top (top_left, RenderDoc) or bottom (bottom_left, OpenGL).";
    static final String SAMPLE = "MSAA sample (0 if single-sampled).";

    /** Where pixel row 0 is. */
    public enum Origin { top_left, bottom_left }

    public record GeometryArgs(
            @Param(value = CAPTURE, required = true, maxLength = 4096) String capture,
            @Param(value = "Check only this draw; default every draw.",
                    min = 0, max = 100_000_000) Integer eventId,
            @Param(value = "Clip-space magnitude above which a coordinate is huge.",
                    defaultValue = "10000.0",
                    min = 1) Double huge,
            @Param(value = "UVs outside [−margin, 1 + margin] are out of range.", defaultValue = "0.0", min = 0,
                    max = 1000) Double uvMargin,
            @Param(value = "Most draws with findings listed.", defaultValue = "32", min = 1, max = 256)
            Integer maxDraws,
            @Param(value = "Vertex input (location) with UVs (≥ 2 floats); default the first named like uv/tex.",
                    min = 0,
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
            @Param(value = "Draws in a marker group that make it an overdraw/batching candidate.",
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
            @Param(value = "Pixel row from the origin's edge.", required = true,
                    min = 0, max = 65535) Integer y,
            @Param(value = "Consider events up to this one; default the whole frame.", min = 0, max = 100_000_000)
            Integer eventId,
            @Param(value = "Most modifications listed.", defaultValue = "64", min = 1, max = 512) Integer limit,
            @Param(value = ORIGIN, defaultValue = "\"top_left\"") Origin origin,
            @Param(value = SAMPLE, defaultValue = "0", min = 0, max = 64) Integer sample,
            @Param(value = "Also list modifications that left the value unchanged.",
                    defaultValue = "false") Boolean includeUnchanged) {
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
            @Param(value = AFTER_EVENT, min = 0,
                    max = 100_000_000) Integer eventId,
            @Param(value = "Left column of the region.", defaultValue = "0", min = 0, max = 65535) Integer x,
            @Param(value = "Top row of the region.", defaultValue = "0", min = 0, max = 65535) Integer y,
            @Param(value = "Region width (clipped at the edge).",
                    defaultValue = "8", min = 1, max = 4096)
            Integer width,
            @Param(value = "Region height (clipped at the edge).",
                    defaultValue = "8", min = 1, max = 4096)
            Integer height,
            @Param(value = "values: rows of numbers (≤ 4096 components); base64: raw little-endian texels (≤ 32768 "
                    + "bytes).", defaultValue = "\"values\"") TexelEncoding encoding) {
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
            @Param(value = "One texture (" + ID_OR_NAME + "); default all.",
                    maxLength = 200, alsoInteger = true) String texture) {
    }

    public record EventArgs(
            @Param(value = CAPTURE, required = true, maxLength = 4096) String capture,
            @Param(value = "Event id of the action.", required = true, min = 0,
                    max = 100_000_000) Integer eventId,
            @Param(value = "Most resources and signature entries per stage.", defaultValue = "8",
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
            @Param(value = "Also the disassembly (on GL only with explicit uniform locations).",
                    defaultValue = "false") Boolean includeDisassembly,
            @Param(value = "Most characters of source and disassembly.", defaultValue = "8000", min = 100,
                    max = 100_000) Integer sourceCharLimit,
            @Param(value = "Most constants, and members of any array or struct.",
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
            @Param(value = "Buffer: " + ID_OR_NAME + ".",
                    required = true, maxLength = 200, alsoInteger = true) String buffer,
            @Param(value = AFTER_EVENT, min = 0,
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

    public record SearchCaptureArgs(
            @Param(value = CAPTURE, required = true, maxLength = 4096) String capture,
            @Param(value = "Text (any case) in an action's name, marker path or output's name, or in a resource's "
                    + "debug name.", required = true, maxLength = 200) String query,
            @Param(value = "Most actions and most resources listed.", defaultValue = "50", min = 1, max = 500)
            Integer limit) {
        public SearchCaptureArgs {
            limit = limit == null ? 50 : limit;
        }
    }

    public enum ImageFormat { png, exr }

    public record SaveTextureArgs(
            @Param(value = CAPTURE, required = true, maxLength = 4096) String capture,
            @Param(value = TEXTURE, required = true, maxLength = 200, alsoInteger = true) String texture,
            @Param(value = "File (.png/.exr) under the working directory or FRAMESCOPE_OUTPUT_DIR.",
                    required = true, maxLength = 4096) String output,
            @Param(value = "png (8-bit, clamped) or exr (float, exact).", defaultValue = "\"png\"") ImageFormat format,
            @Param(value = AFTER_EVENT, min = 0,
                    max = 100_000_000) Integer eventId,
            @Param(value = "Replace the file if it exists.", defaultValue = "false") Boolean overwrite,
            @Param(value = "Mip level, 0 = full size.",
                    defaultValue = "0", min = 0, max = 31) Integer mip,
            @Param(value = "Array slice, cube face or 3D depth slice.",
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
            @Param(value = "Copy (.rdc) under the working directory or FRAMESCOPE_OUTPUT_DIR.",
                    required = true, maxLength = 4096) String output,
            @Param(value = "Replace the file if it exists.", defaultValue = "false") Boolean overwrite) {
        public CopyCaptureArgs {
            overwrite = overwrite != null && overwrite;
        }
    }
}
