package dev.framescope.renderdoc;

import dev.framescope.common.Param;
import java.util.List;

/**
 * Inputs of the RenderDoc tools. Resource and event ids are plain integers. The texts of the parameters most tools
 * share (capture, texture, event_id, x, y, origin, sample, limit) are said once in the server instructions
 * ({@link RenderDocTools#sharedParams()}); a parameter that means something else in one tool gets its own text.
 * Event ids, pixel coordinates, names and paths are bounded here, well above any capture's, so that a hostile
 * value is refused by the schema naming the parameter, before it reaches the bridge or is echoed in an error; the
 * bridge then checks ids and coordinates against the capture itself.
 */
public final class RenderDocArgs {

    private RenderDocArgs() {
    }

    static final String CAPTURE = "Path of the .rdc capture.";
    static final String TEXTURE = "Id (\"26\" or 26) or name.";
    static final String EVENT = "Action's event id; state as after it (default: the frame's end).";
    static final String X = "Pixel column, 0 = left.";
    static final String Y = "Pixel row, 0 = top unless origin is bottom_left.";
    static final String ORIGIN = "Row 0: top_left (RenderDoc) or bottom_left (OpenGL).";
    static final String SAMPLE = "MSAA sample index.";
    static final String LIMIT = "Most items listed.";

    static final int PATH_MAX = 4096;
    static final int NAME_MAX = 200;
    static final int EVENT_MAX = 100_000_000;
    static final int COORD_MAX = 65535;

    public record OpenCaptureArgs(
            @Param(value = CAPTURE, required = true, maxLength = PATH_MAX) String capture,
            @Param("Also the frame overview.") Boolean overview,
            @Param(value = "Marker levels to group by.", min = 1, max = 8) Integer markerDepth,
            @Param(value = "Most items per overview list.", min = 1, max = 200)
            Integer maxItems,
            @Param(value = "Replay on a RenderDoc remote server, host[:port] (default port 39920), or 'local'; later "
                    + "calls on this capture replay there too. Default FRAMESCOPE_RENDERDOC_REMOTE, else local.",
                    maxLength = NAME_MAX) String remote) {
        public OpenCaptureArgs {
            overview = overview != null && overview;
            markerDepth = markerDepth == null ? 2 : markerDepth;
            maxItems = maxItems == null ? 24 : maxItems;
        }

        public OpenCaptureArgs(String capture) {
            this(capture, null, null, null, null);
        }

        public OpenCaptureArgs(String capture, Boolean overview, Integer markerDepth, Integer maxItems) {
            this(capture, overview, markerDepth, maxItems, null);
        }
    }

    public record IterateActionsArgs(
            @Param(value = CAPTURE, required = true, maxLength = PATH_MAX) String capture,
            @Param(value = "Marker path contains this (case-sensitive).", maxLength = 500) String markerFilter,
            @Param(value = "Name contains this (any case).", maxLength = NAME_MAX) String nameFilter,
            @Param("Only draws and dispatches.") Boolean drawsOnly,
            @Param(value = "First row.", min = 0, max = 1_000_000) Integer offset,
            @Param(value = LIMIT, min = 1, max = 500) Integer limit,
            @Param(value = "Text in name, marker path or output name (any case).", maxLength = NAME_MAX) String query) {
        public IterateActionsArgs {
            drawsOnly = drawsOnly != null && drawsOnly;
            offset = offset == null ? 0 : offset;
            limit = limit == null ? 100 : limit;
        }

        public IterateActionsArgs(String capture, String markerFilter, String nameFilter, Boolean drawsOnly,
                                  Integer offset, Integer limit) {
            this(capture, markerFilter, nameFilter, drawsOnly, offset, limit, null);
        }
    }

    public record AnalyzeNanInfArgs(
            @Param(value = CAPTURE, required = true, maxLength = PATH_MAX) String capture,
            @Param(value = TEXTURE, maxLength = NAME_MAX, alsoInteger = true) String texture,
            @Param(value = EVENT, min = 0, max = EVENT_MAX) Integer eventId,
            @Param(value = "Most pixels listed per texture.", min = 1, max = 256) Integer maxPreview,
            @Param(value = X, min = 0, max = COORD_MAX) Integer x,
            @Param(value = Y, min = 0, max = COORD_MAX) Integer y,
            @Param(ORIGIN) Origin origin,
            @Param(value = SAMPLE, min = 0, max = 64) Integer sample) {
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

    /** Where pixel row 0 is. */
    public enum Origin { top_left, bottom_left }

    public record GeometryArgs(
            @Param(value = CAPTURE, required = true, maxLength = PATH_MAX) String capture,
            @Param(value = "Only this draw; default every draw.", min = 0, max = EVENT_MAX) Integer eventId,
            @Param(value = "Clip-space |coordinate| limit.", min = 1) Double huge,
            @Param(value = "Slack around [0, 1] for UVs.", min = 0, max = 1000) Double uvMargin,
            @Param(value = "Most draws listed.", min = 1, max = 256) Integer maxDraws,
            @Param(value = "Vertex input with UVs; default one named like uv/tex.", min = 0, max = 31) Integer meshSlot,
            @Param(value = "Most offending vertices per draw.", min = 1, max = 256)
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

    public record FrameDigestArgs(
            @Param(value = CAPTURE, required = true, maxLength = PATH_MAX) String capture,
            @Param(value = "Most marker groups.", min = 1, max = 64) Integer maxMarkers,
            @Param(value = "Most anomalies.", min = 1, max = 200) Integer maxAnomalies,
            @Param(value = "Most next calls.", min = 1, max = 32) Integer maxCalls,
            @Param(value = "Draws per marker group flagged as overdraw.", min = 2, max = 10_000) Integer overdrawDraws) {
        public FrameDigestArgs {
            maxMarkers = maxMarkers == null ? 12 : maxMarkers;
            maxAnomalies = maxAnomalies == null ? 24 : maxAnomalies;
            maxCalls = maxCalls == null ? 6 : maxCalls;
            overdrawDraws = overdrawDraws == null ? 8 : overdrawDraws;
        }
    }

    public record CountersArgs(
            @Param(value = CAPTURE, required = true, maxLength = PATH_MAX) String capture,
            @Param(value = "Draws listed.", min = 1, max = 500)
            Integer topN) {
        public CountersArgs {
            topN = topN == null ? 20 : topN;
        }
    }

    public record PixelHistoryArgs(
            @Param(value = CAPTURE, required = true, maxLength = PATH_MAX) String capture,
            @Param(value = TEXTURE, required = true, maxLength = NAME_MAX, alsoInteger = true) String texture,
            @Param(value = X, required = true, min = 0, max = COORD_MAX) Integer x,
            @Param(value = Y, required = true, min = 0, max = COORD_MAX) Integer y,
            @Param(value = EVENT, min = 0, max = EVENT_MAX) Integer eventId,
            @Param(value = LIMIT, min = 1, max = 512) Integer limit,
            @Param(ORIGIN) Origin origin,
            @Param(value = SAMPLE, min = 0, max = 64) Integer sample,
            @Param("Also writes that left it unchanged.")
            Boolean includeUnchanged) {
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

    /** get_texture: without a texture the list, with one its description and a region's texels. */
    public record TextureArgs(
            @Param(value = CAPTURE, required = true, maxLength = PATH_MAX) String capture,
            @Param(value = TEXTURE, maxLength = NAME_MAX, alsoInteger = true) String texture,
            @Param(value = EVENT, min = 0, max = EVENT_MAX) Integer eventId,
            @Param(value = X, min = 0, max = COORD_MAX) Integer x,
            @Param(value = Y, min = 0, max = COORD_MAX) Integer y,
            @Param(value = "Region width.", min = 1, max = 4096) Integer width,
            @Param(value = "Region height.", min = 1, max = 4096) Integer height,
            @Param("values (≤ 4096 numbers) or base64 raw texels (≤ 32 KiB).")
            TexelEncoding encoding) {
        public TextureArgs {
            x = x == null ? 0 : x;
            y = y == null ? 0 : y;
            width = width == null ? 8 : width;
            height = height == null ? 8 : height;
            encoding = encoding == null ? TexelEncoding.values : encoding;
        }

        /** Every texture's description. */
        public TextureArgs(String capture) {
            this(capture, null, null, null, null, null, null, null);
        }
    }

    /** How get_texture spells texels. */
    public enum TexelEncoding { values, base64 }

    public record EventArgs(
            @Param(value = CAPTURE, required = true, maxLength = PATH_MAX) String capture,
            @Param(value = EVENT, required = true, min = 0, max = EVENT_MAX) Integer eventId,
            @Param(value = "Most resources/signature entries per stage.", min = 1, max = 64)
            Integer maxResourcesPerStage) {
        public EventArgs {
            maxResourcesPerStage = maxResourcesPerStage == null ? 8 : maxResourcesPerStage;
        }
    }

    public enum Stage { vertex, hull, domain, geometry, pixel, compute }

    public record ShaderInfoArgs(
            @Param(value = CAPTURE, required = true, maxLength = PATH_MAX) String capture,
            @Param(value = EVENT, required = true, min = 0, max = EVENT_MAX) Integer eventId,
            @Param("Shader stage.") Stage stage,
            @Param("Also constant/uniform values.")
            Boolean includeConstants,
            @Param("Also disassembly (GL: needs explicit uniform locations).") Boolean includeDisassembly,
            @Param(value = "Most source/disassembly characters.", min = 100, max = 100_000) Integer sourceCharLimit,
            @Param(value = "Most constants, and array/struct members.", min = 1, max = 256) Integer maxConstants) {
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
            @Param(value = CAPTURE, required = true, maxLength = PATH_MAX) String capture,
            @Param(value = "Buffer id or name.", required = true, maxLength = NAME_MAX, alsoInteger = true) String buffer,
            @Param(value = EVENT, min = 0, max = EVENT_MAX) Integer eventId,
            @Param(value = "First byte to read.", min = 0) Long offset,
            @Param(value = "Bytes to read.", min = 1, max = 65536) Integer length,
            @Param("Also as 32-bit floats.") Boolean asFloats) {
        public BufferArgs {
            offset = offset == null ? 0L : offset;
            length = length == null ? 256 : length;
            asFloats = asFloats != null && asFloats;
        }
    }

    public enum ImageFormat { png, exr }

    public record SaveTextureArgs(
            @Param(value = CAPTURE, required = true, maxLength = PATH_MAX) String capture,
            @Param(value = TEXTURE, required = true, maxLength = NAME_MAX, alsoInteger = true) String texture,
            @Param(value = "File to write (.png or .exr).", required = true, maxLength = PATH_MAX) String output,
            @Param("Image file format.") ImageFormat format,
            @Param(value = EVENT, min = 0, max = EVENT_MAX) Integer eventId,
            @Param("Replace an existing file.") Boolean overwrite,
            @Param(value = "Mip level, 0 = full size.", min = 0, max = 31) Integer mip,
            @Param(value = "Array slice, cube face or depth slice.", min = 0, max = 65535)
            Integer slice) {
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
            @Param(value = CAPTURE, required = true, maxLength = PATH_MAX) String capture,
            @Param(value = "File to write (.rdc).", required = true, maxLength = PATH_MAX) String output,
            @Param("Replace an existing file.") Boolean overwrite) {
        public CopyCaptureArgs {
            overwrite = overwrite != null && overwrite;
        }
    }

    public record DiffCapturesArgs(
            @Param(value = CAPTURE, required = true, maxLength = PATH_MAX) String capture,
            @Param(value = "The .rdc to compare it with (after a change, another driver).", required = true,
                    maxLength = PATH_MAX) String otherCapture,
            @Param(value = "Most items per list.", min = 1, max = 200) Integer limit,
            @Param("Also the diff picture (PNG) when pixels differ.") Boolean image) {
        public DiffCapturesArgs {
            limit = limit == null ? 20 : limit;
            image = image == null || image;
        }
    }

    /** debug_shader: one pixel (x, y) or one vertex of a draw through RenderDoc's shader debugger. */
    public record DebugShaderArgs(
            @Param(value = CAPTURE, required = true, maxLength = PATH_MAX) String capture,
            @Param(value = "The draw's event id.", required = true, min = 0, max = EVENT_MAX) Integer eventId,
            @Param(value = X, min = 0, max = COORD_MAX) Integer x,
            @Param(value = Y, min = 0, max = COORD_MAX) Integer y,
            @Param(value = SAMPLE, min = 0, max = 64) Integer sample,
            @Param(value = "Vertex of the draw, instead of x, y.", min = 0, max = EVENT_MAX) Integer vertex,
            @Param(value = "With vertex.", min = 0, max = EVENT_MAX) Integer instance,
            @Param(value = "Also the variables after this step.", min = 0, max = 1_000_000) Integer step,
            @Param(value = "First variable listed.", min = 0, max = 100_000) Integer offset,
            @Param(value = LIMIT, min = 1, max = 256) Integer limit,
            @Param(value = "Most steps run.", min = 1, max = 1_000_000) Integer maxSteps) {
        public DebugShaderArgs {
            sample = sample == null ? 0 : sample;
            instance = instance == null ? 0 : instance;
            offset = offset == null ? 0 : offset;
            limit = limit == null ? 32 : limit;
            maxSteps = maxSteps == null ? 50_000 : maxSteps;
        }

        public DebugShaderArgs(String capture, Integer eventId, Integer x, Integer y) {
            this(capture, eventId, x, y, null, null, null, null, null, null, null);
        }
    }

    /** The language of a replacement shader. */
    public enum ShaderLanguage { glsl, spirv_asm }

    /** A pixel replace_shader reports before and after (top-left origin). */
    public record PixelAt(
            @Param(value = X, required = true, min = 0, max = COORD_MAX) Integer x,
            @Param(value = "Pixel row, 0 = top.", required = true, min = 0, max = COORD_MAX) Integer y) {
    }

    /** replace_shader: a stage's shader at an event replaced by the caller's source, or restored. */
    public record ReplaceShaderArgs(
            @Param(value = CAPTURE, required = true, maxLength = PATH_MAX) String capture,
            @Param(value = "A draw using it (restore without it: all).", min = 0, max = EVENT_MAX) Integer eventId,
            @Param("Shader stage.") Stage stage,
            @Param(value = "The whole new shader, same interface as the old.", maxLength = 200_000) String source,
            @Param("glsl (GL; Vulkan via RenderDoc's glslang) or spirv_asm (Vulkan).") ShaderLanguage language,
            @Param(value = "Pixels to compare.", maxLength = 16) List<PixelAt> pixels,
            @Param("Undo: the captured shader back.") Boolean restore) {
        public ReplaceShaderArgs {
            stage = stage == null ? Stage.pixel : stage;
            language = language == null ? ShaderLanguage.glsl : language;
            pixels = pixels == null ? List.of() : List.copyOf(pixels);
            restore = restore != null && restore;
        }
    }
}
