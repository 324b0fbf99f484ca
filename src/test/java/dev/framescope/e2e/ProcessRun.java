package dev.framescope.e2e;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * What a finished command (a client under test, or the JAR itself) wrote; {@code exit} is -1 when it ran past its
 * limit and was killed.
 */
record ProcessRun(int exit, String stdout, String stderr) {

    /** Both streams, for checks that do not care which one a client wrote to. */
    String output() {
        return stdout.isEmpty() || stdout.endsWith("\n") ? stdout + stderr : stdout + "\n" + stderr;
    }

    /**
     * Runs {@code command} in {@code workingDir} with stdin closed (no client may wait for a person) and
     * {@code env} applied to a copy of this process's environment.
     */
    static ProcessRun run(List<String> command, Path workingDir, Duration limit, Consumer<Map<String, String>> env)
            throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(command).directory(workingDir.toFile());
        env.accept(builder.environment());
        Process process = builder.start();
        process.getOutputStream().close();
        // Both pipes are drained while it runs: a client that fills a pipe nobody reads would hang until killed.
        CompletableFuture<String> stdout = drain(process.getInputStream());
        CompletableFuture<String> stderr = drain(process.getErrorStream());
        boolean done = process.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS);
        if (!done) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
        }
        return new ProcessRun(done ? process.exitValue() : -1, stdout.join(), stderr.join());
    }

    /** On a thread of its own: the common pool may have a single thread, and both reads block. */
    private static CompletableFuture<String> drain(InputStream stream) {
        CompletableFuture<String> text = new CompletableFuture<>();
        Thread reader = new Thread(() -> {
            try (stream) {
                text.complete(new String(stream.readAllBytes(), StandardCharsets.UTF_8));
            } catch (IOException e) { // the process was killed under us
                text.complete("(" + e + ")");
            }
        }, "drain");
        reader.setDaemon(true);
        reader.start();
        return text;
    }
}
