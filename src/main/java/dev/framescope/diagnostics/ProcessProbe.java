package dev.framescope.diagnostics;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/** Runs a short external command to learn whether a tool is there and what version it reports. */
final class ProcessProbe {

    /** Outcome of one probe: stdout (stderr is discarded, e.g. the Debian chromium wrapper's noise). */
    record Result(int exitCode, String stdout, String failure) {
        boolean ok() {
            return failure == null && exitCode == 0;
        }
    }

    private ProcessProbe() {
    }

    static Result run(List<String> command, long timeoutMs) {
        Path output = null;
        Process process = null;
        try {
            // Output goes to a file, not a pipe, so a child that never closes stdout cannot outlive the timeout.
            output = Files.createTempFile("framescope-probe", ".out");
            process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD)
                    .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .redirectOutput(output.toFile()).start();
            if (!process.waitFor(timeoutMs, TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                return new Result(-1, "", command.get(0) + " did not answer within " + timeoutMs + " ms");
            }
            String stdout = Files.readString(output, StandardCharsets.UTF_8).strip();
            return new Result(process.exitValue(), stdout, null);
        } catch (IOException e) {
            return new Result(-1, "", "cannot run " + command.get(0) + ": " + e.getMessage());
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            return new Result(-1, "", "interrupted");
        } finally {
            if (output != null) {
                output.toFile().delete();
            }
        }
    }

    /** An absolute path as given, or the first executable of that name on PATH. */
    static Optional<Path> locate(String nameOrPath) {
        if (nameOrPath.contains("/")) {
            Path path = Path.of(nameOrPath);
            return Files.isExecutable(path) ? Optional.of(path) : Optional.empty();
        }
        String pathVar = System.getenv().getOrDefault("PATH", "/usr/local/bin:/usr/bin:/bin");
        for (String dir : pathVar.split(File.pathSeparator)) {
            Path candidate = Path.of(dir.isEmpty() ? "." : dir, nameOrPath);
            if (Files.isExecutable(candidate) && !Files.isDirectory(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }
}
