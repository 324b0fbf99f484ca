package dev.framescope.server;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.framescope.common.ToolDef;
import io.modelcontextprotocol.server.McpAsyncServer;
import io.modelcontextprotocol.server.McpServerFeatures.AsyncResourceSpecification;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema.BlobResourceContents;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.ImageContent;
import io.modelcontextprotocol.spec.McpSchema.ReadResourceResult;
import io.modelcontextprotocol.spec.McpSchema.Resource;
import io.modelcontextprotocol.spec.McpSchema.ResourceContents;
import io.modelcontextprotocol.spec.McpSchema.TextResourceContents;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;

/**
 * MCP resources a client can open: the tool reference ({@code framescope://docs/tools.md}, generated from what this
 * process serves), the benchmark figures ({@code docs/benchmarks.md} where the working directory has them), the
 * files FrameScope wrote in this session (save_texture's PNG/EXR, copy_capture's .rdc, the shader manifest) and
 * the last {@value #MAX_IMAGES} images tools answered with (energy plots, rendered frames). Only what is listed can
 * be read: a written file is listed only when it is a regular file, not a link, under the working directory or
 * FRAMESCOPE_OUTPUT_DIR, and it is checked again when read; anything else is {@code -32002} resource not found.
 */
final class Resources {

    private static final Logger log = LoggerFactory.getLogger(Resources.class);
    static final int MAX_IMAGES = 20;
    static final long MAX_FILE_BYTES = 16L * 1024 * 1024;

    private final List<Path> roots;
    private final Deque<String> images = new ConcurrentLinkedDeque<>();
    private final AtomicInteger imageCount = new AtomicInteger();
    private volatile McpAsyncServer server;
    /** What is listed, by URI, in the order it came: the stateless era's server reads it here. */
    private final Map<String, AsyncResourceSpecification> listed = Collections.synchronizedMap(new LinkedHashMap<>());

    Resources(List<Path> roots) {
        this.roots = roots.stream().filter(r -> r != null && Files.isDirectory(r)).map(Resources::real).toList();
    }

    /** The resources there are at start-up. */
    List<AsyncResourceSpecification> initial(Supplier<String> toolsMarkdown) {
        List<AsyncResourceSpecification> specs = initialSpecs(toolsMarkdown);
        specs.forEach(spec -> listed.put(spec.resource().uri(), spec));
        return specs;
    }

    /** Every resource listed now. */
    List<AsyncResourceSpecification> listed() {
        synchronized (listed) {
            return new ArrayList<>(listed.values());
        }
    }

    /** The listed resource at {@code uri}, or null. */
    AsyncResourceSpecification find(String uri) {
        return listed.get(uri);
    }

    private void add(McpAsyncServer current, AsyncResourceSpecification spec) {
        listed.put(spec.resource().uri(), spec);
        current.addResource(spec).subscribe(done -> { }, e -> { });
    }

    private void remove(McpAsyncServer current, String uri) {
        listed.remove(uri);
        current.removeResource(uri).subscribe(done -> { }, e -> { });
    }

    private List<AsyncResourceSpecification> initialSpecs(Supplier<String> toolsMarkdown) {
        List<AsyncResourceSpecification> specs = new ArrayList<>();
        specs.add(text("framescope://docs/tools.md", "tools.md", "FrameScope tools",
                "Every tool served here with its parameters, annotations and limits", toolsMarkdown));
        Path benchmarks = Path.of("docs/benchmarks.md");
        if (Files.isRegularFile(benchmarks, LinkOption.NOFOLLOW_LINKS)) {
            specs.add(text("framescope://docs/benchmarks.md", "benchmarks.md", "FrameScope benchmarks",
                    "Measured figures: cold start, tools/list size, calls per group", () -> readText(benchmarks)));
        }
        return specs;
    }

    void attach(McpAsyncServer server) {
        this.server = server;
    }

    /** After a tool call: lists the files a writing tool reports and the images a result carries. */
    void recordResult(ToolDef<?> tool, CallToolResult result) {
        McpAsyncServer current = server;
        if (current == null || Boolean.TRUE.equals(result.isError())) {
            return;
        }
        try {
            if (!tool.hints().readOnly() && result.structuredContent() instanceof ObjectNode body) {
                for (JsonNode value : body) {
                    if (value.isTextual() && !value.asText().isBlank()) {
                        Path file = allowedFile(Path.of(value.asText()));
                        if (file != null) {
                            add(current, file(file, tool.name()));
                        }
                    }
                }
            }
            for (var content : result.content()) {
                if (content instanceof ImageContent image) {
                    addImage(current, tool.name(), image);
                }
            }
        } catch (RuntimeException e) {
            log.debug("Could not list the outputs of {}: {}", tool.name(), e.toString());
        }
    }

    private void addImage(McpAsyncServer current, String tool, ImageContent image) {
        int n = imageCount.incrementAndGet();
        String ext = "image/jpeg".equals(image.mimeType()) ? "jpg" : "png";
        String uri = "framescope://images/" + n + "-" + tool + "." + ext;
        byte[] bytes = Base64.getDecoder().decode(image.data());
        Resource resource = Resource.builder(uri, n + "-" + tool + "." + ext).title("Image " + n + " from " + tool)
                .description("The image " + tool + " answered with (kept for this session, the last " + MAX_IMAGES
                        + ")")
                .mimeType(image.mimeType()).size((long) bytes.length).build();
        String data = image.data();
        add(current, new AsyncResourceSpecification(resource, (exchange, request) -> Mono.just(
                ReadResourceResult.builder(List.<ResourceContents>of(BlobResourceContents.builder(uri, data)
                        .mimeType(image.mimeType()).build())).build())));
        images.addLast(uri);
        while (images.size() > MAX_IMAGES) {
            String old = images.pollFirst();
            remove(current, old);
        }
    }

    /** {@code path} as a real path when it is a regular file (not a link) under an allowed root, else null. */
    Path allowedFile(Path path) {
        try {
            Path absolute = path.toAbsolutePath().normalize();
            if (!Files.isRegularFile(absolute, LinkOption.NOFOLLOW_LINKS)) {
                return null;
            }
            Path real = absolute.toRealPath();
            return roots.stream().anyMatch(real::startsWith) ? real : null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private AsyncResourceSpecification file(Path file, String tool) {
        String uri = file.toUri().toString();
        String mime = mimeType(file);
        long size;
        try {
            size = Files.size(file);
        } catch (IOException e) {
            size = -1;
        }
        Resource resource = Resource.builder(uri, file.getFileName().toString())
                .title(file.getFileName().toString()).description("Written by " + tool).mimeType(mime)
                .size(size < 0 ? null : size).build();
        return new AsyncResourceSpecification(resource, (exchange, request) -> Mono.fromCallable(() -> {
            Path again = allowedFile(file);
            if (again == null || Files.size(again) > MAX_FILE_BYTES) {
                throw McpError.RESOURCE_NOT_FOUND.apply(uri);
            }
            byte[] bytes = Files.readAllBytes(again);
            ResourceContents contents = mime.startsWith("text/") || mime.equals("application/json")
                    ? TextResourceContents.builder(uri, new String(bytes, StandardCharsets.UTF_8)).mimeType(mime)
                    .build()
                    : BlobResourceContents.builder(uri, Base64.getEncoder().encodeToString(bytes)).mimeType(mime)
                    .build();
            return ReadResourceResult.builder(List.of(contents)).build();
        }));
    }

    private static AsyncResourceSpecification text(String uri, String name, String title, String description,
                                                   Supplier<String> text) {
        Resource resource = Resource.builder(uri, name).title(title).description(description)
                .mimeType("text/markdown").build();
        return new AsyncResourceSpecification(resource, (exchange, request) -> Mono.fromCallable(() ->
                ReadResourceResult.builder(List.of(TextResourceContents.builder(uri, text.get())
                        .mimeType("text/markdown").build())).build()));
    }

    private static String readText(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw McpError.RESOURCE_NOT_FOUND.apply(file.toString());
        }
    }

    private static String mimeType(Path file) {
        String name = file.getFileName().toString().toLowerCase();
        if (name.endsWith(".png")) {
            return "image/png";
        }
        if (name.endsWith(".json")) {
            return "application/json";
        }
        if (name.endsWith(".exr")) {
            return "image/x-exr";
        }
        return "application/octet-stream";
    }

    private static Path real(Path path) {
        try {
            return path.toAbsolutePath().normalize().toRealPath();
        } catch (IOException e) {
            return path.toAbsolutePath().normalize();
        }
    }
}
