package dev.framescope.cli;

import dev.framescope.common.FileTrees;
import dev.framescope.common.ToolCaller;
import dev.framescope.common.ToolContext;
import dev.framescope.server.RegistryCaller;
import dev.framescope.server.ToolGroups;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Whether this runner's RenderDoc replays captures at all, asked after a capture crashed the replay: a tiny OpenGL and
 * a tiny Vulkan capture travel inside the JAR (the demo's {@code gl_scene.rdc} and {@code vk_lighting.rdc}, 27 KB) and
 * are replayed by the same tool. When both replay, the crash is the capture's (a damaged file, or one this RenderDoc
 * cannot replay), a bad input; when either fails, the runner may be broken for that API, and the gate cannot blame
 * the file.
 */
final class ReplayProbe {

    static final List<String> CAPTURES = List.of("gl_scene.rdc", "vk_lighting.rdc");

    /** What the probe found: {@code failures} holds "file: code message" of each probe capture that did not replay. */
    record Result(List<String> failures) {
        boolean runnerReplays() {
            return failures.isEmpty();
        }
    }

    private ReplayProbe() {
    }

    /** Replays the bundled captures by the digest tool, from a folder of its own in the state folder, then removes it. */
    static Result run(ToolGroups.Toolkit toolkit) throws IOException {
        ToolCaller caller = new RegistryCaller(toolkit);
        Files.createDirectories(toolkit.config().stateDir());
        Path folder = Files.createTempDirectory(toolkit.config().stateDir(), "replay-probe-");
        List<String> failures = new ArrayList<>();
        try {
            for (String name : CAPTURES) {
                Path capture = folder.resolve(name);
                try (InputStream in = ReplayProbe.class.getResourceAsStream("replay-probe/" + name)) {
                    if (in == null) {
                        failures.add(name + ": not in this build");
                        continue;
                    }
                    Files.copy(in, capture);
                }
                ToolCaller.Answer answer = caller.call("get_frame_digest", Map.of("capture", capture.toString(),
                        "max_anomalies", 1), ToolContext.SILENT);
                if (answer.error()) {
                    failures.add(name + ": " + answer.errorCode() + " " + answer.body().path("message").asText());
                }
            }
        } finally {
            FileTrees.deleteTree(folder);
        }
        return new Result(failures);
    }
}
